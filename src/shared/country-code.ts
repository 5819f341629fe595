/**
 * ISO 3166-1 alpha-2 codes by their English names, built from the runtime's own region names (full
 * ICU, as Node ships). The trip's place keeps the country's NAME (Open-Meteo's `country`, asked in
 * English); this turns it back into the code the opening-hours library needs for public holidays,
 * for stored trips and cached destinations alike.
 */
let byName: Map<string, string> | null = null;

// Withdrawn or reserved codes the runtime still names after today's country ("Germany" for DD).
const RETIRED = new Set("AN BU CS DD DY FX HV NH RH SU TP UK VD YD YU ZR".split(" "));

const key = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();

function table(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const a of letters)
    for (const b of letters) {
      const code = `${a}${b}`;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (!name || name === code || RETIRED.has(code)) continue;
      byName.set(key(name), code);
      // "Myanmar (Burma)" is also plain "Myanmar".
      const plain = name.replace(/\s*\(.*\)\s*$/, "");
      if (plain !== name && !byName.has(key(plain))) byName.set(key(plain), code);
    }
  return byName;
}

/** "France" → "FR", "fr" → "FR"; null when the name is not a country the runtime knows. */
export function countryCodeOf(country: string | null | undefined): string | null {
  const text = country?.trim() ?? "";
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  if (text === "") return null;
  return table().get(key(text)) ?? null;
}
