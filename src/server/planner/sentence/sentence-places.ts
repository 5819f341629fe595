import { LONG_MONTHS } from "#shared/format.ts";

/**
 * Place names in a sentence: a run of capitalised words ("Salt Lake City", "St. Petersburg",
 * "Martha's Vineyard"). With a gazetteer (the places a catalogue knows), the longest known name that
 * the run starts with; without one, the run itself, less words that cannot be part of a name.
 */

const ABBREVIATIONS = new Set(["St.", "Ste.", "Ft.", "Mt.", "Pt."]);
const NOT_A_PLACE = new Set<string>([
  ...LONG_MONTHS,
  "I",
  "We",
  "My",
  "Our",
  "The",
  "This",
  "It",
  "Please",
]);
const CONNECTORS = new Set(["de", "la", "le", "del", "of", "upon", "on", "am", "an", "sur"]);
const WORD = /^[\p{Lu}][\p{L}'’.-]*$/u;

export type Gazetteer = { has: (name: string) => boolean };

/** The next few words of `text` from `index` on (a place name is never longer). */
function wordsFrom(text: string, index: number): string[] {
  return text.slice(index).split(/\s+/).filter(Boolean).slice(0, 8);
}

/** The place name starting at `index`, or null. */
export function placeAt(text: string, index: number, gazetteer?: Gazetteer): string | null {
  const words: string[] = [];
  for (const raw of wordsFrom(text, index)) {
    const ended = /[,;:!?)]$/.test(raw) || (raw.endsWith(".") && !ABBREVIATIONS.has(raw));
    const word = ended ? raw.replace(/[,;:!?.)]+$/, "") : raw;
    const capitalised = WORD.test(word) && !NOT_A_PLACE.has(word);
    if (!capitalised && !(words.length > 0 && CONNECTORS.has(word))) break;
    words.push(word);
    if (ended) break;
  }
  while (words.length > 0 && CONNECTORS.has(words[words.length - 1] ?? "")) words.pop();
  if (words.length === 0) return null;
  if (!gazetteer) return words.join(" ");
  for (let n = words.length; n > 0; n -= 1) {
    const name = words.slice(0, n).join(" ");
    if (gazetteer.has(name)) return name;
  }
  return null;
}

/** Every place named right after one of the cue phrases, in the order they appear. */
export function placesAfter(
  text: string,
  cue: RegExp,
  gazetteer?: Gazetteer,
): { name: string; index: number; cue: string }[] {
  const found: { name: string; index: number; cue: string }[] = [];
  const global = new RegExp(cue.source, cue.flags.includes("g") ? cue.flags : `${cue.flags}g`);
  for (const m of text.matchAll(global)) {
    const start = (m.index ?? 0) + m[0].length;
    const name = placeAt(text, start, gazetteer);
    if (name) found.push({ name, index: start, cue: m[0] });
  }
  return found;
}

/** A list of places joined by commas and "and" ("Paris, Lyon and Marseille"), from `index`. */
export function placeListAt(text: string, index: number, gazetteer?: Gazetteer): string[] {
  const names: string[] = [];
  let at = index;
  for (;;) {
    const name = placeAt(text, at, gazetteer);
    if (!name) break;
    names.push(name);
    const after = text.slice(at).indexOf(name) + at + name.length;
    const joiner =
      /^\s*(?:,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+|\s*(?:→|->)\s*)/.exec(
        text.slice(after),
      );
    if (!joiner) break;
    at = after + joiner[0].length;
  }
  return names;
}
