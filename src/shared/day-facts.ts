import type { Itinerary } from "./schemas/itinerary.ts";

/*
 * Descriptions hold no dates or opening hours: what depends on the day (open or closed, the hours of
 * that day) is computed where it is shown, from the activity's hours and its day's date, so a move
 * or a copy to another date never leaves a stale "Open … on Mon 28 Dec" behind. Trips saved before
 * (keyless plans wrote such sentences, models may too) are cleaned when read and when saved.
 */

const WEEKDAY = String.raw`(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?`;
const MONTH = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?`;
/** "Mon 28 Dec", "Monday, 28 December", "28 December 2026", "December 28", "2026-12-28". */
const DATED = new RegExp(
  [
    String.raw`\b${WEEKDAY}\s+\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}`,
    String.raw`\b${WEEKDAY}\s+${MONTH}\s+\d{1,2}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\s+\d{4}\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
  ].join("|"),
  "i",
);
/** Words about being open, next to a clock time: "Open 09:00–18:00", "closes at 17:30". */
const OPENING = /\b(?:open|opens|opening|closed|closes|closing|hours)\b/i;
const CLOCK = /\b\d{1,2}[:.h]\d{2}\b|\b24 hours\b/i;
/** The keyless planner's old sentences about hours it did not know, whatever their wording. */
const UNKNOWN_HOURS = /^(?:opening )?hours unknown\b/i;

/*
 * What else the keyless planner used to write that was false or went stale (issue 44): the way from
 * the activity before ("About 27 minutes on foot from Le Procope", "3.1 km from X: take transit or a
 * taxi"), which changes when the day is reordered and is now drawn from coordinates
 * (travel-note.ts); estimated prices ("Entry to X about $15 a person: an estimate…", "About $45 a
 * person at X…", "X is probably free: an estimate…"), which an edited cost contradicts and which the
 * cost column shows labelled as an estimate; and identifiers or trivia ("well documented (Wikidata
 * Q736858)", "has its own article on the French Wikipedia").
 */
const STALE = [
  /^About \d+ minutes? on foot from\b/i,
  /^[\d.]+ k?m from .+: take transit or a taxi\.?$/i,
  /\babout \$\d+(?:\.\d+)? a person\b/i,
  /\bis probably free: an estimate\b/i,
  /\(Wikidata Q\d+\)/i,
  /\bhas its own (?:article on the \w+ Wikipedia|Wikipedia article)\b/i,
];

const isDayFact = (sentence: string) =>
  DATED.test(sentence) ||
  UNKNOWN_HOURS.test(sentence) ||
  (OPENING.test(sentence) && CLOCK.test(sentence)) ||
  STALE.some((pattern) => pattern.test(sentence));

/** The description without its sentences about dates, opening hours, neighbours or guessed prices. */
export function withoutDayFacts(description: string): string {
  const sentences = description.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((s) => !isDayFact(s));
  return kept.length === sentences.length ? description : kept.join(" ").trim();
}

/** The itinerary with every description cleaned (the same object when nothing changed). */
export function withoutStaleDayFacts<T extends Itinerary>(itinerary: T): T {
  let changed = false;
  const days = itinerary.days.map((day) => {
    let dayChanged = false;
    const activities = day.activities.map((a) => {
      const description = withoutDayFacts(a.description);
      if (description === a.description) return a;
      dayChanged = true;
      return { ...a, description };
    });
    if (!dayChanged) return day;
    changed = true;
    return { ...day, activities };
  });
  return changed ? { ...itinerary, days } : itinerary;
}
