import { Hono } from "hono";
import { toForecastCard } from "#shared/forecast.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { FORECAST_WINDOW_DAYS, type TripForecast } from "#shared/schemas/trip-forecast.ts";
import type { ForecastDay } from "#shared/schemas/weather.ts";
import type { AppBindings } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { findTripFor } from "../../trips/trip-access.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today's date where the trip goes (UTC when the destination's zone is unknown). */
function todayIn(timezone: string | undefined, now: number): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timezone ?? "UTC" }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

/**
 * `GET /api/trips/:id/forecast`: the chat's weather service (same providers, cache and advice) for
 * the trip's days inside the forecast window. A weather failure is an answer too (`unavailable`),
 * so the trip page never breaks because of it.
 */
export const tripForecastRoutes = new Hono<AppBindings>().get("/:id/forecast", async (c) => {
  const deps = c.var.deps;
  const user = await requireUser(c);
  const { row: trip } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "view");
  const today = todayIn(trip.place?.timezone, Date.now());
  const lastForecastDate = addDays(today, FORECAST_WINDOW_DAYS - 1);
  const dates = tripDates(trip.startDate, trip.endDate);
  const inWindow = dates.some((d) => d >= today && d <= lastForecastDate);

  let byDate = new Map<string, ForecastDay>();
  let location: string | null = null;
  let unavailable = false;
  if (inWindow) {
    // The resolved place is more precise than the destination text, when generation found one.
    const query = trip.place ? `${trip.place.name}, ${trip.place.country}` : trip.destination;
    try {
      const card = toForecastCard(await deps.weather.getForecast(query));
      location = card.location;
      byDate = new Map(card.days.map((d) => [d.date, d]));
    } catch (error) {
      unavailable = true;
      // The traveller's place text stays out of the logs.
      deps.logger.info(
        { requestId: c.var.requestId, err: error instanceof Error ? error.name : "unknown" },
        "trip forecast unavailable",
      );
    }
  }
  const body: TripForecast = {
    location,
    provider: deps.weather.provider,
    unavailable,
    days: dates.map((date) => ({
      date,
      forecast: byDate.get(date) ?? null,
      availableFrom: date > lastForecastDate ? addDays(date, -(FORECAST_WINDOW_DAYS - 1)) : null,
    })),
  };
  return c.json(body);
});
