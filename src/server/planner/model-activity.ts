import { z } from "zod";
import { activityDraftSchema, durationSchema, type Activity } from "#shared/schemas/itinerary.ts";
import { OSM_ID_PATTERN } from "#shared/constants.ts";
import { safeText } from "#shared/schemas/safe-input.ts";
import { toActivity } from "./activity.ts";

const WHY_MAX_LENGTH = 200;

/**
 * One activity as the model writes it (strict json_schema: every field required, null unions):
 * the draft plus its guess of coordinates, a short reason and the `osmId` of the listed real place it
 * picked (null for any other). Coordinates are not range-checked here on purpose: a wrong guess is
 * dropped to null later, it never costs a repair call. Neither is `osmId`: it is only a claim, kept
 * when well-formed, and then confirmed against the candidates (or cleared) by the place matcher.
 */
/**
 * The model's guess of an activity's length: required by strict json_schema, so null stands for
 * "left out" — and, like `osmId`, an unusable value is "left out" too: the server estimates it.
 */
export const modelDurationSchema = durationSchema.nullable().catch(null);

export const modelActivitySchema = activityDraftSchema.extend({
  durationMinutes: modelDurationSchema,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  why: safeText("Why").nullable(),
  // Tolerant on purpose: a missing or malformed claim is just "none" (never a repair call).
  osmId: z.string().max(40).nullable().catch(null),
});
export type ModelActivity = z.infer<typeof modelActivitySchema>;

/** A day of activities as the model writes it. */
export const modelDaySchema = z.object({
  activities: z.array(modelActivitySchema).min(1).max(8),
});

const inRange = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * A model's sentence that states a price ("Entry costs €17.", "about $15 a person"): it is a guess
 * that the description would present as fact and that an edited cost contradicts, so it goes; the
 * guess lives in `cost`, which the page labels as an estimate (issue 44).
 */
const PRICE = /[$€£¥]\s?\d|\d\s?(?:USD|EUR|GBP|JPY|CHF|dollars?|euros?|pounds?)\b/i;
const withoutPrices = (description: string) => {
  const sentences = description.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((s) => !PRICE.test(s));
  return kept.length === sentences.length ? description : kept.join(" ").trim();
};

/** The model's "why", trimmed and cut to what an activity stores. */
function clipWhy(why: string | null): string | null {
  const text = why?.trim().replace(/\s+/g, " ") ?? "";
  if (!text) return null;
  return text.length <= WHY_MAX_LENGTH ? text : `${text.slice(0, WHY_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * A stored activity from the model's: a fresh id, coordinates only as a valid pair, and its `osmId`
 * claim only when well-formed. The claim is NOT a match: every model day goes through the place
 * matcher (match-places.ts), which keeps it only for one of the candidates the prompt listed.
 */
export function fromModelActivity(answer: ModelActivity): Activity {
  const { lat, lng, why, osmId, durationMinutes, ...draft } = answer;
  const located = inRange(lat, lng);
  const claim = osmId?.trim() ?? "";
  return toActivity(
    {
      ...draft,
      description: withoutPrices(draft.description),
      durationMinutes: durationMinutes ?? undefined,
    },
    {
      lat: located ? lat : null,
      lng: located ? lng : null,
      why: clipWhy(why),
      osmId: OSM_ID_PATTERN.test(claim) ? claim : null,
    },
  );
}

/** A model's day as stored: its activities in time order. */
export const fromModelDay = (date: string, activities: readonly ModelActivity[]) => ({
  date,
  activities: [...activities]
    .sort((a, b) => a.time.localeCompare(b.time))
    .map((a) => fromModelActivity(a)),
});
