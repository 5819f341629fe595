/** Numbers as travellers write them: digits, words up to twenty, and the few words that mean one or two. */

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};

/** A regex source matching one count: digits or a number word. */
export const COUNT = `(?:\\d{1,3}|${Object.keys(WORDS).join("|")})`;

/** `"4"` or `"four"` → 4; anything else → null. */
export function countOf(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  return WORDS[t] ?? null;
}

/** Digits with thousands written with or without commas: "6,000", "6000", "6000.50". */
export const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;

/** `"$1,700"`, `"$6,000.50"`, `"2500 USD"` → the amount; null when the text holds none. */
export function amountOf(text: string): number | null {
  const m =
    new RegExp(`\\$\\s?(${AMOUNT})\\s*(k\\b)?`, "i").exec(text) ??
    new RegExp(`(${AMOUNT})\\s*(k\\b)?\\s*(?:usd|us dollars|dollars)\\b`, "i").exec(text);
  if (!m?.[1]) return null;
  const value = Number(m[1].replaceAll(",", ""));
  if (!Number.isFinite(value)) return null;
  return m[2] ? value * 1000 : value;
}
