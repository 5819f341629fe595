import type { Activity } from "./schemas/itinerary.ts";
import type { ForecastDay } from "./schemas/weather.ts";
import { weatherKind } from "./forecast.ts";

/** Highs from this temperature (32 °C) make long outdoor plans a poor idea in the middle of the day. */
export const HOT_DAY_HIGH_F = 90;

export type WeatherConcern = "wet" | "hot";

/** Rain, drizzle, thunderstorms and snow are wet; a high of 90 °F or more is hot. */
export function weatherConcern(day: ForecastDay): WeatherConcern | null {
  if (weatherKind(day.condition) !== "other") return "wet";
  if (day.highF >= HOT_DAY_HIGH_F) return "hot";
  return null;
}

// Words that put an activity outdoors; a museum in a park is still indoors, so indoor words win.
const OUTDOOR =
  /\b(park|garden|gardens|beach|hike|hiking|trail|walk|walking|stroll|viewpoint|lookout|miradouro|tour|cruise|boat|kayak|cycling|bike|bicycle|zoo|picnic|outdoor|open-air|square|plaza|market|promenade|waterfront|river|lake|mountain|hill|summit|castle grounds|ruins|vineyard|safari|snorkel|surf|swim)\b/i;
const INDOOR =
  /\b(museum|gallery|cathedral|church|theatre|theater|cinema|spa|bath|baths|aquarium|library|mall|restaurant|café|cafe|bar|dinner|lunch|breakfast|cooking class|indoor|concert hall|opera)\b/i;

/** A plain-text guess from the activity's own words; it only decides whether to show a hint. */
export function isOutdoorActivity(
  activity: Pick<Activity, "activity" | "location" | "description">,
) {
  const text = `${activity.activity} ${activity.location}`;
  if (INDOOR.test(text)) return false;
  return OUTDOOR.test(text) || OUTDOOR.test(activity.description);
}

/** The instruction prefilled into "Regenerate day" when the weather turns against the plan. */
export const INDOOR_INSTRUCTION: Record<WeatherConcern, string> = {
  wet: "rainy day, indoors",
  hot: "very hot day: indoors or in the shade, outdoor plans early or late",
};
