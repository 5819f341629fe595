import { extractLocation } from "#shared/forecast.ts";
import { shiftDate } from "#shared/trip-dates.ts";

/** A date range on the place's calendar, both ends included (YYYY-MM-DD). */
export type DateRange = { from: string; to: string };

/** When a weather question asks about, before it is pinned to the forecast's own "today". */
export type AskedWhen =
  | { kind: "trip" }
  | { kind: "today" }
  | { kind: "tomorrow" }
  | { kind: "weekend"; next: boolean }
  | null;

export type WeatherQuestion = { place: string | null; when: AskedWhen };

// Words travellers use when the weather is what they are asking about, not only the word itself.
const WEATHER_WORDS =
  /\b(weather|forecast|temperatures?|climate|rain(?:s|y|ing)?|umbrella|raincoat|snow(?:s|y|ing)?|sunny|sunshine|wind(?:y)?|humid(?:ity)?|degrees)\b/iu;
const HOW_HOT = /\b(?:how|be|is it|will it|too)\s+(?:be\s+)?(hot|cold|warm|chilly|freezing)\b/iu;
const WHAT_TO_WEAR = /\b(?:what|should i|do i need to)\s+(?:\w+\s+){0,3}(?:wear|pack|bring)\b/iu;

/** "What will the weather be like…", "should I pack an umbrella", "will it be cold this weekend". */
export function isWeatherQuestion(message: string): boolean {
  return WEATHER_WORDS.test(message) || HOW_HOT.test(message) || WHAT_TO_WEAR.test(message);
}

// Verbs of a request to change the plan ("make day 2 cheaper", "add a museum", "move lunch").
const CHANGE_REQUEST =
  /\b(add|remove|delete|move|swap|replace|change|reschedule|cancel|drop|switch|rearrange|reorder|edit|update|skip|insert|shift|shorten|extend|make|put|plan|fill|free up|book)\b/iu;

/** A request to change the trip, which only a model can turn into a proposal. */
export function isChangeRequest(message: string): boolean {
  // "What should I pack" and "will it make sense" are questions, not requests; a weather question's
  // own verbs never count.
  const withoutWeather = message.replace(WHAT_TO_WEAR, " ");
  return CHANGE_REQUEST.test(withoutWeather);
}

const MONTHS_AND_DAYS =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter|i)$/iu;

// Where the place words stop: the time that follows them ("Paris during my trip", "Lyon this weekend").
const TIME_TAIL =
  /\s+(?:during|on|over|when|while|at|around|in|the|this|next|tomorrow|today|tonight|for|from|week|weekend)\b.*$/iu;

// "in Paris", "to New York", "for Lisbon": capitalised words after a preposition, anywhere.
const PLACE_AFTER_PREPOSITION =
  /\b(?:in|at|to|for|of|around|near|visiting)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:de|la|le|del|do|da|upon|sur|am|an)\s+)?\p{Lu}[\p{L}'’.-]*)*)/gu;

/**
 * The place a weather question names: the specification's pattern first (SPEC 5: the words after
 * weather / forecast / temperature / climate + in / at / for / of), less a trailing time ("during my
 * trip"); else a capitalised name after in / at / to / for ("should I pack an umbrella for Lisbon").
 */
export function namedPlace(message: string): string | null {
  const bySpec = extractLocation(message)?.replace(TIME_TAIL, "").trim();
  if (bySpec && !MONTHS_AND_DAYS.test(bySpec) && !/^my\b/iu.test(bySpec)) return bySpec;
  for (const match of message.matchAll(PLACE_AFTER_PREPOSITION)) {
    const place = match[1]?.replace(/[.’']+$/u, "");
    if (place && !MONTHS_AND_DAYS.test(place)) return place;
  }
  return null;
}

/** The time a question asks about, if it says one. */
export function askedWhen(message: string): AskedWhen {
  if (
    /\b(during|on|for|over)\s+(my|our|the)\s+(trip|stay|holiday|vacation|visit)\b/iu.test(message)
  )
    return { kind: "trip" };
  if (/\b(while|when)\s+(i|we)\s*('m|’m|am|are|'re|’re)\s+there\b/iu.test(message))
    return { kind: "trip" };
  if (/\bnext\s+weekend\b/iu.test(message)) return { kind: "weekend", next: true };
  if (/\b(this|the|at the|over the)\s+weekend\b/iu.test(message))
    return { kind: "weekend", next: false };
  if (/\btomorrow\b/iu.test(message)) return { kind: "tomorrow" };
  if (/\b(today|tonight|right now|now)\b/iu.test(message)) return { kind: "today" };
  return null;
}

/** A weather question's place and time, or null when the message is not about the weather. */
export function readWeatherQuestion(message: string): WeatherQuestion | null {
  const place = namedPlace(message);
  // The specification's pattern alone still counts ("climate of Oslo"), as before.
  if (!isWeatherQuestion(message) && !extractLocation(message)) return null;
  return { place, when: askedWhen(message) };
}

/** A relative time pinned to the place's today (the forecast's first day). */
export function rangeOf(
  when: Exclude<AskedWhen, null | { kind: "trip" }>,
  today: string,
): DateRange {
  if (when.kind === "today") return { from: today, to: today };
  if (when.kind === "tomorrow") {
    const day = shiftDate(today, 1);
    return { from: day, to: day };
  }
  // Saturday and Sunday of this week (only Sunday when today is Sunday); "next" adds a week.
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const saturday = shiftDate(today, weekday === 0 ? -1 : 6 - weekday);
  const shift = when.next ? 7 : 0;
  const from = weekday === 0 && !when.next ? today : shiftDate(saturday, shift);
  return { from, to: shiftDate(saturday, shift + 1) };
}
