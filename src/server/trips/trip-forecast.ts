import { toForecastCard } from "#shared/forecast.ts";
import { shiftDate, tripDates } from "#shared/trip-dates.ts";
import { stopIndexForNight } from "#shared/trip-stop-days.ts";
import { FORECAST_WINDOW_DAYS, type TripForecast } from "#shared/schemas/trip-forecast.ts";
import type { ForecastDay } from "#shared/schemas/weather.ts";
import type { Logger } from "../lib/logger.ts";
import type { WeatherService } from "../services/weather/weather-service.ts";
import type { TripRow } from "../db/schema.ts";

/** Today's date where the trip goes (UTC when the destination's zone is unknown). */
function todayIn(timezone: string | undefined, now: number): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timezone ?? "UTC" }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

/**
 * The trip's days inside the forecast window, each with its stop's weather (the chat's weather
 * service: same providers, cache and advice). A weather failure is an answer too (`unavailable`).
 * `requestId` goes to the log line of such a failure.
 */
export async function tripForecast(
  deps: { weather: WeatherService; logger: Logger },
  trip: TripRow,
  requestId: string,
): Promise<TripForecast> {
  const today = todayIn(trip.place?.timezone, Date.now());
  const lastForecastDate = shiftDate(today, FORECAST_WINDOW_DAYS - 1);
  const dates = tripDates(trip.startDate, trip.endDate);
  const inWindow = (d: string) => d >= today && d <= lastForecastDate;
  // Each day's weather is its stop's: the one the night is spent in (on a transfer day, the next).
  const stopOf = (date: string) =>
    trip.stops.length > 1 ? stopIndexForNight(trip.stops, date) : 0;
  const stopsAsked = [...new Set(dates.filter(inWindow).map(stopOf))];

  let unavailable = false;
  const cards = new Map<number, { location: string; byDate: Map<string, ForecastDay> }>();
  await Promise.all(
    stopsAsked.map(async (index) => {
      const stop = trip.stops[index];
      const place = trip.stops.length > 1 ? (stop?.place ?? null) : trip.place;
      const name =
        trip.stops.length > 1 ? (stop?.destination ?? trip.destination) : trip.destination;
      // The resolved place is more precise than the destination text, when generation found one.
      const query = place ? `${place.name}, ${place.country}` : name;
      try {
        const card = toForecastCard(await deps.weather.getForecast(query));
        cards.set(index, {
          location: card.location,
          byDate: new Map(card.days.map((d) => [d.date, d])),
        });
      } catch (error) {
        unavailable = true;
        // The traveller's place text stays out of the logs.
        deps.logger.info(
          { requestId, err: error instanceof Error ? error.name : "unknown" },
          "trip forecast unavailable",
        );
      }
    }),
  );
  const locations = stopsAsked.flatMap((i) => {
    const card = cards.get(i);
    return card ? [card.location] : [];
  });
  const body: TripForecast = {
    location: locations.length > 0 ? locations.join(" → ") : null,
    provider: deps.weather.provider,
    unavailable,
    days: dates.map((date) => {
      const card = cards.get(stopOf(date));
      return {
        date,
        forecast: card?.byDate.get(date) ?? null,
        availableFrom:
          date > lastForecastDate ? shiftDate(date, -(FORECAST_WINDOW_DAYS - 1)) : null,
        ...(trip.stops.length > 1 ? { location: card?.location ?? null } : {}),
      };
    }),
  };
  return body;
}
