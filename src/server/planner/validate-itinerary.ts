import { itinerarySchema, type Itinerary } from "#shared/schemas/itinerary.ts";

/**
 * The last gate before saving: the shared itinerary schema plus the server's own dates, one day per
 * date of the trip, in order. Returns the problems in words (empty when valid).
 */
export function itineraryProblems(value: unknown, dates: string[]): string[] {
  const parsed = itinerarySchema.safeParse(value);
  if (!parsed.success)
    return parsed.error.issues.map((i) => `${i.path.join(".") || "itinerary"}: ${i.message}`);
  return dayProblems(parsed.data, dates);
}

function dayProblems(itinerary: Itinerary, dates: string[]): string[] {
  if (itinerary.days.length !== dates.length)
    return [`expected ${dates.length} days, got ${itinerary.days.length}`];
  // Editing may leave a day empty; a generated plan fills every day.
  return itinerary.days.flatMap((day, i) => [
    ...(day.date === dates[i] ? [] : [`day ${i + 1} should be ${dates[i]}, got ${day.date}`]),
    ...(day.activities.length > 0 ? [] : [`day ${i + 1} has no activities`]),
  ]);
}
