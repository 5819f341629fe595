import { INTERESTS, type Interest, type TravelStyle } from "#shared/constants.ts";
import {
  CUISINES,
  MAX_TRAVELLERS,
  type Avoidable,
  type Cuisine,
  type LodgingKind,
  type LodgingNeed,
} from "#shared/trip-party.ts";
import { AMOUNT, amountOf, COUNT, countOf } from "./sentence-numbers.ts";
import { daysBetween, readDates } from "./sentence-dates.ts";
import { placeAt, placeListAt, placesAfter, type Gazetteer } from "./sentence-places.ts";

/**
 * The keyless reader of "Describe your trip": the plan a sentence asks for, which words gave each
 * part, and what it could not tell. Rules for the ways travellers write (cues before places, counts
 * as digits or words, dates in either order), not for any one sentence, city or name.
 */

export type TripSentence = {
  origin: string | null;
  /** A city, or a region whose cities the planner chooses ("Texas" in "3 cities in Texas"). */
  destination: string | null;
  /** The cities named in order ("Paris and Lyon"); empty when only a region or one place is named. */
  stops: string[];
  /** How many cities to visit when the sentence says so ("2 cities in Texas"). */
  cityCount: number | null;
  startDate: string | null;
  endDate: string | null;
  days: number | null;
  travellers: number | null;
  budget: number | null;
  lodgingKind: LodgingKind | null;
  lodgingNeeds: LodgingNeed[];
  cuisines: Cuisine[];
  avoid: Avoidable[];
  interests: Interest[];
  travelStyle: TravelStyle | null;
};
export type SentenceField = keyof TripSentence;
export type ReadSentence = {
  sentence: TripSentence;
  understood: { field: SentenceField; text: string }[];
  unsure: SentenceField[];
};

const ORIGIN_CUE =
  /\b(?:from|departing(?:\s+from)?|depart(?:ing)?\s+from|leaving(?:\s+from)?|starting(?:\s+(?:from|in|out\s+(?:from|in)))?|starts?\s+(?:from|in)|setting\s+off\s+from|set\s+off\s+from|beginning\s+(?:in|from)|originating\s+(?:in|from)|out\s+of|based\s+in|home\s+(?:is\s+)?in|live\s+in)\s+/i;
const DESTINATION_CUE =
  /\b(?:to|heading\s+(?:to|for)|head\s+to|headed\s+to|going\s+to|trip\s+to|travel(?:l)?ing\s+to|visit|visiting|explore|exploring|destination(?:\s+is)?|bound\s+for|venturing\s+(?:to|into)|towards?|ending\s+in|end\s+in|stopping\s+in)\s+/i;
const CITY_COUNT = new RegExp(
  `\\b(${COUNT})\\s+(?:different\\s+|separate\\s+|distinct\\s+|unique\\s+|other\\s+)?cities\\b`,
  "i",
);
const REGION_AFTER_COUNT =
  /^\s+(?:in|of|across|within|throughout|around)\s+(?:the\s+state\s+of\s+)?/i;
const WEEK = /\b(?:a|one)[\s-]+week\b|\bweek-long\b/i;
const DAYS = new RegExp(`\\b(${COUNT})(?:\\s*-\\s*|\\s+)days?\\b`, "i");
const TRAVELLERS: { pattern: RegExp; count?: number }[] = [
  { pattern: new RegExp(`\\b(?:group|party|family)\\s+of\\s+(${COUNT})\\b`, "i") },
  {
    pattern: new RegExp(
      `\\b(${COUNT})\\s+(?:people|persons|travell?ers|individuals|adults|friends|guests|of\\s+us)\\b`,
      "i",
    ),
  },
  {
    pattern: new RegExp(
      `\\bfor\\s+(${COUNT})\\b(?!\\s*(?:-|–)?\\s*(?:days?|nights?|weeks?|cities|months?)\\b)`,
      "i",
    ),
  },
  {
    pattern:
      /\b(?:solo|alone|single\s+(?:person|traveller|traveler)|one\s+person|by\s+myself|just\s+me|on\s+my\s+own)\b/i,
    count: 1,
  },
  {
    pattern:
      /\b(?:a\s+(?:couple|pair)|the\s+two\s+of\s+us|both\s+of\s+us|my\s+(?:partner|wife|husband|girlfriend|boyfriend|friend)\s+and\s+i)\b/i,
    count: 2,
  },
];
const NEEDS: { need: LodgingNeed; pattern: RegExp }[] = [
  { need: "pets", pattern: /\b(?:pets?|pet-friendly|dogs?|cats?)\b/i },
  { need: "children-under-10", pattern: /\b(?:children|child|kids?|toddlers?|infants?|baby)\b/i },
  { need: "smoking", pattern: /(?<!non-|no\s)\b(?:smoking|smokers?|smoke)\b(?!-free)/i },
  { need: "visitors", pattern: /\bvisitors?\b/i },
  { need: "parties", pattern: /\b(?:parties|party)\b(?!\s+of\b)/i },
];
const KINDS: { kind: LodgingKind; pattern: RegExp }[] = [
  {
    kind: "not-shared",
    pattern: /\b(?:not\s+(?:a\s+)?shared|no\s+shared|non-shared|unshared|not\s+(?:to\s+)?share)\b/i,
  },
  { kind: "shared-room", pattern: /\bshared\s+(?:rooms?|accommodations?|dorms?)\b/i },
  { kind: "private-room", pattern: /\bprivate\s+(?:rooms?|bedrooms?)\b/i },
  {
    kind: "entire-home",
    pattern:
      /\b(?:entire|whole)\s+(?:rooms?|homes?|houses?|apartments?|places?|flats?|units?)\b|\b(?:home|apartment|place|house|flat|rooms?)\s+to\s+(?:ourselves|myself|themselves)\b/i,
  },
  { kind: "hotel", pattern: /\bhotels?\b/i },
];
const NEGATION = String.raw`\b(?:no|not|without|avoid(?:ing)?|don't|do\s+not|won't|will\s+not|never|nor)\b[^.?!]{0,40}?`;
const AVOID: { avoid: Avoidable; pattern: RegExp }[] = [
  {
    avoid: "flights",
    pattern: new RegExp(
      `\\bnon-flight\\b|${NEGATION}\\b(?:flights?|flying|fly|planes?|air\\s+travel)\\b`,
      "i",
    ),
  },
  {
    avoid: "driving",
    pattern: new RegExp(
      `\\bnon-self-driving\\b|${NEGATION}\\b(?:self-driv(?:e|ing)|driv(?:e|ing)|rental\\s+cars?)\\b`,
      "i",
    ),
  },
];
const INTEREST_WORDS: Record<Interest, RegExp> = {
  "Culture & Arts": /\b(?:museums?|art|arts|galler(?:y|ies)|culture|cultural|theatre|theater)\b/i,
  "Food & Dining": /\b(?:food|foodies?|dining|restaurants?|culinary|eat)\b/i,
  "Nature & Outdoors": /\b(?:nature|outdoors?|hik(?:e|es|ing)|parks?|mountains?|wildlife)\b/i,
  Shopping: /\b(?:shopping|shops?|markets?|boutiques?)\b/i,
  History: /\b(?:history|historic|historical|heritage|castles?|ruins)\b/i,
  Adventure: /\b(?:adventure|adventurous|thrill|kayak(?:ing)?|climb(?:ing)?)\b/i,
  Relaxation: /\b(?:relax(?:ing|ation)?|spa|beach(?:es)?|unwind|slow)\b/i,
};

const empty = (): TripSentence => ({
  origin: null,
  destination: null,
  stops: [],
  cityCount: null,
  startDate: null,
  endDate: null,
  days: null,
  travellers: null,
  budget: null,
  lodgingKind: null,
  lodgingNeeds: [],
  cuisines: [],
  avoid: [],
  interests: [],
  travelStyle: null,
});

function readPlaces(
  text: string,
  out: TripSentence,
  say: (f: SentenceField, t: string) => void,
  g?: Gazetteer,
) {
  const origin = placesAfter(text, ORIGIN_CUE, g)[0];
  if (origin) {
    out.origin = origin.name;
    say("origin", `${origin.cue}${origin.name}`.trim());
  }
  const counted = CITY_COUNT.exec(text);
  const count = counted?.[1] ? countOf(counted[1]) : null;
  if (counted && count) {
    out.cityCount = count;
    say("cityCount", counted[0]);
    const end = counted.index + counted[0].length;
    const inRegion = REGION_AFTER_COUNT.exec(text.slice(end));
    const region = inRegion ? placeAt(text, end + inRegion[0].length, g) : null;
    if (region) {
      out.destination = region;
      say("destination", `${counted[0]}${inRegion?.[0] ?? ""}${region}`);
      return;
    }
  }
  for (const m of text.matchAll(new RegExp(DESTINATION_CUE.source, "gi"))) {
    const at = (m.index ?? 0) + m[0].length;
    const names = placeListAt(text, at, g).filter((n) => n !== out.origin);
    if (names.length === 0) continue;
    out.destination = names[0] ?? null;
    if (names.length > 1) out.stops = names;
    const last = names[names.length - 1] ?? "";
    say("destination", text.slice(m.index, text.indexOf(last, at) + last.length).trim());
    return;
  }
}

function readParty(text: string, out: TripSentence, say: (f: SentenceField, t: string) => void) {
  for (const { pattern, count } of TRAVELLERS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const n = count ?? countOf(m[1] ?? "");
    if (n && n >= 1 && n <= MAX_TRAVELLERS) {
      out.travellers = n;
      say("travellers", m[0]);
      return;
    }
  }
}

function readBudget(text: string, out: TripSentence, say: (f: SentenceField, t: string) => void) {
  const near = /\bbudget\b[^.?!$]{0,40}/i.exec(text);
  const window = near ? text.slice(near.index, near.index + near[0].length + 20) : text;
  const amount = amountOf(window) ?? amountOf(text);
  if (amount !== null && amount > 0) {
    out.budget = amount;
    const shown = new RegExp(
      `\\$\\s?(?:${AMOUNT})(?:\\s*k\\b)?|(?:${AMOUNT})\\s*(?:usd|dollars)`,
      "i",
    ).exec(near ? window : text);
    say("budget", shown?.[0] ?? String(amount));
  }
}

function readStay(text: string, out: TripSentence, say: (f: SentenceField, t: string) => void) {
  for (const { need, pattern } of NEEDS) {
    const m = pattern.exec(text);
    if (m) {
      out.lodgingNeeds.push(need);
      say("lodgingNeeds", m[0]);
    }
  }
  for (const { kind, pattern } of KINDS) {
    const m = pattern.exec(text);
    if (m) {
      out.lodgingKind = kind;
      say("lodgingKind", m[0]);
      break;
    }
  }
}

function readTastes(text: string, out: TripSentence, say: (f: SentenceField, t: string) => void) {
  const cuisines = CUISINES.map((c) => ({ c, at: text.search(new RegExp(`\\b${c}\\b`, "i")) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  for (const { c } of cuisines) {
    out.cuisines.push(c);
    say("cuisines", c);
  }
  for (const { avoid, pattern } of AVOID) {
    const m = pattern.exec(text);
    if (m) {
      out.avoid.push(avoid);
      say("avoid", m[0].trim());
    }
  }
  for (const interest of INTERESTS) {
    const m = INTEREST_WORDS[interest].exec(text);
    if (m) {
      out.interests.push(interest);
      say("interests", m[0]);
    }
  }
  const style =
    /\b(luxur(?:y|ious))\b|\b(cheap|backpack(?:ing|er)?|shoestring|budget\s+(?:trip|travel|style|hotels?))\b|\b(comfortable|comfort)\b/i.exec(
      text,
    );
  if (style) {
    out.travelStyle = style[1] ? "luxury" : style[2] ? "budget" : "comfort";
    say("travelStyle", style[0]);
  }
}

/**
 * Reads one sentence. `today` (YYYY-MM-DD) places dates written without a year; a gazetteer, when
 * given, limits places to the names it knows (the TravelPlanner sandbox's cities and states).
 */
export function readTripSentence(
  text: string,
  options: { today: string; gazetteer?: Gazetteer },
): ReadSentence {
  const out = empty();
  const understood: ReadSentence["understood"] = [];
  const say = (field: SentenceField, words: string) => understood.push({ field, text: words });
  readPlaces(text, out, say, options.gazetteer);
  const dates = readDates(text, options.today);
  if (dates) {
    out.startDate = dates.startDate;
    out.endDate = dates.endDate;
    out.days = daysBetween(dates.startDate, dates.endDate);
    say("startDate", dates.text);
    say("endDate", dates.text);
  }
  const days = DAYS.exec(text);
  const week = WEEK.exec(text);
  if (days && out.days === null) {
    out.days = countOf(days[1] ?? "");
    say("days", days[0]);
  } else if (week && out.days === null) {
    out.days = 7;
    say("days", week[0]);
  }
  readParty(text, out, say);
  readBudget(text, out, say);
  readStay(text, out, say);
  readTastes(text, out, say);
  const unsure: SentenceField[] = [];
  if (!out.destination) unsure.push("destination");
  if (!out.startDate) unsure.push("startDate", "endDate");
  if (out.budget === null) unsure.push("budget");
  if (out.travellers === null) unsure.push("travellers");
  return { sentence: out, understood, unsure };
}
