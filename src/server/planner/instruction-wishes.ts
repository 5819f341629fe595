import type { Interest } from "#shared/constants.ts";
import type { Place } from "../services/places/places-service.ts";
import { estimateCost } from "./place-costs.ts";
import { DAY_SLOTS, type Slot } from "./visit-schedule.ts";

/*
 * What the keyless planner can honour of a regenerate instruction without a model: the wishes plain
 * words carry (indoors or rainy, outdoors, relaxed, busy, cheaper, food, museums, nightlife, kids),
 * each turned into a choice of real places or of the day's shape. Anything else in the text needs
 * an AI provider, and the answer says so.
 */

type Wish =
  | "indoors"
  | "outdoors"
  | "fewer stops"
  | "more stops"
  | "cheaper"
  | "food"
  | "museums"
  | "nightlife"
  | "kids";

const WORDS: [Wish, RegExp][] = [
  ["indoors", /\b(indoors?|inside|rain(y|ing|s)?|wet|storm(y)?|cold|bad weather|snow(y|ing)?)\b/i],
  ["outdoors", /\b(outdoors?|outside|open[- ]air|sunny|fresh air|nature|parks?|gardens?)\b/i],
  [
    "fewer stops",
    /\b(relax(ed|ing)?|slow(er)?|easy|easier|calm(er)?|lazy|rest(ful)?|fewer|less busy|chill(ed)?)\b/i,
  ],
  [
    "more stops",
    /\b(busy|busier|packed|more (stops|things|activities|places)|full(er)? day|active)\b/i,
  ],
  ["cheaper", /\b(cheap(er)?|budget|free|save money|less expensive|low[- ]cost|affordable)\b/i],
  ["food", /\b(food(ie)?|eat(ing)?|restaurants?|cuisine|culinary|dining|markets?)\b/i],
  ["museums", /\b(museums?|galler(y|ies)|art|exhibitions?)\b/i],
  [
    "nightlife",
    /\b(night ?life|bars?|pubs?|clubs?|late night|night out|evening out|drinks?|theatre|theater)\b/i,
  ],
  ["kids", /\b(kids?|child(ren)?|family|families|toddlers?|children's)\b/i],
];

const INDOOR = new Set([
  "museum",
  "gallery",
  "theatre",
  "arts centre",
  "department store",
  "mall",
  "spa",
  "sauna",
  "public bath",
  "church",
  "monastery",
  "palace",
  "castle",
  "manor",
]);
const OUTDOOR = new Set([
  "park",
  "garden",
  "nature reserve",
  "viewpoint",
  "beach",
  "marketplace",
  "monument",
  "ruins",
  "archaeological site",
  "city gate",
  "fort",
  "theme park",
  "water park",
]);
const MUSEUMS = new Set(["museum", "gallery", "arts centre"]);
const FOR_KIDS = new Set([
  "park",
  "garden",
  "nature reserve",
  "beach",
  "theme park",
  "water park",
  "zoo",
  "aquarium",
  "museum",
  "viewpoint",
]);

/** A sight after dinner, for nightlife: only a place its hours say is open then (never a guess). */
const NIGHT: Slot = { name: "night", meal: false, times: ["21:30", "22:00"], minutes: 60 };
/**
 * A busier day: the morning starts earlier and is shorter, and a second sight follows it before
 * lunch (daylight in winter is too short for one after the afternoon's).
 */
const EARLY: Slot = { name: "morning", meal: false, times: ["09:00", "09:30"], minutes: 75 };
const LATE: Slot = { name: "late", meal: false, times: ["11:00", "11:15"], minutes: 75 };

export type DayWishes = {
  /** What was understood, in the traveller's words ("indoors", "fewer stops"). */
  used: Wish[];
  /** Interests to look real places up for, besides the trip's. */
  interests: Interest[];
  /** The day's slots, in order (their windows never overlap). */
  slots: (withDinner: boolean) => readonly Slot[];
  /** The interest sights should serve first; null: the trip's interests in turn. */
  prefer: Interest | null;
  /** Which places may be a sight, and which a meal. */
  sight: (p: Place) => boolean;
  meal: (p: Place) => boolean;
  /** Costs as on a budget trip, and free sights first when there are enough of them. */
  cheaper: boolean;
};

export function readWishes(instruction: string | undefined): DayWishes {
  const text = instruction ?? "";
  const used = WORDS.filter(([, words]) => words.test(text)).map(([wish]) => wish);
  const has = (wish: Wish) => used.includes(wish);
  // Both at once say nothing about where: neither is taken.
  const indoors = has("indoors") && !has("outdoors");
  const outdoors = has("outdoors") && !has("indoors");
  const fewer = has("fewer stops") && !has("more stops");
  const more = has("more stops") && !has("fewer stops");
  const taken = used.filter(
    (w) =>
      !(w === "indoors" && !indoors) &&
      !(w === "outdoors" && !outdoors) &&
      !(w === "fewer stops" && !fewer) &&
      !(w === "more stops" && !more),
  );

  const interests: Interest[] = [];
  if (indoors || has("museums")) interests.push("Culture & Arts");
  if (outdoors || has("kids")) interests.push("Nature & Outdoors");
  if (has("kids")) interests.push("Adventure");
  if (has("food")) interests.push("Food & Dining");
  if (has("nightlife")) interests.push("Culture & Arts");

  const sightRules: ((p: Place) => boolean)[] = [];
  if (indoors) sightRules.push((p) => INDOOR.has(p.kind));
  if (outdoors) sightRules.push((p) => OUTDOOR.has(p.kind));
  if (has("museums")) sightRules.push((p) => MUSEUMS.has(p.kind));
  if (has("kids")) sightRules.push((p) => FOR_KIDS.has(p.kind));

  return {
    used: taken,
    interests: [...new Set(interests)],
    slots: (withDinner) => {
      let slots = DAY_SLOTS.filter(
        (s) => s.name !== "dinner" || withDinner || has("food") || has("nightlife"),
      );
      if (fewer) slots = slots.filter((s) => s.name !== "afternoon");
      if (more) slots = slots.flatMap((s) => (s.name === "morning" ? [EARLY, LATE] : [s]));
      if (has("nightlife") && !has("kids")) slots = [...slots, NIGHT];
      return slots;
    },
    prefer: has("food")
      ? "Food & Dining"
      : has("museums") || indoors
        ? "Culture & Arts"
        : outdoors
          ? "Nature & Outdoors"
          : null,
    sight: (p) => sightRules.every((rule) => rule(p)),
    meal: () => true,
    cheaper: has("cheaper"),
  };
}

/** Whether a sight is free to enter (OpenStreetMap says so, or places of its kind usually are). */
export const isFreeToEnter = (p: Place) => estimateCost(p, "morning", "budget") === 0;

/** What the regenerate preview says about the instruction: what was used, or that it needs a model. */
export function wishesNote(instruction: string | undefined, wishes: DayWishes): string | null {
  if (!instruction?.trim()) return null;
  if (wishes.used.length === 0) return INSTRUCTION_NEEDS_MODEL;
  return `Used: ${wishes.used.join(", ")}.`;
}

export const INSTRUCTION_NEEDS_MODEL =
  "Free-form instructions need an AI provider, so this day was planned without reading yours.";
