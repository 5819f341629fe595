import { z } from "zod";
import { WEATHER_PROVIDERS, forecastDaySchema } from "./weather.ts";

/** How many days ahead the weather providers forecast (both give five days, today included). */
export const FORECAST_WINDOW_DAYS = 5;

/**
 * `GET /api/trips/:id/forecast`: each trip day's forecast when it is inside the window; otherwise
 * the date from which it will be (null for days already past). `unavailable` when the weather
 * service failed (for any stop): the page shows the trip anyway. `location`: the stops' places
 * joined ("Paris → Lyon").
 */
export const tripForecastSchema = z.object({
  location: z.string().nullable(),
  provider: z.enum(WEATHER_PROVIDERS),
  unavailable: z.boolean(),
  days: z.array(
    z.object({
      date: z.iso.date(),
      forecast: forecastDaySchema.nullable(),
      availableFrom: z.iso.date().nullable(),
      /**
       * Where this day's forecast is for: its stop's place (the stop the night is spent in, on a
       * transfer day the one arrived at). Absent on answers from before trips had several stops.
       */
      location: z.string().nullable().optional(),
    }),
  ),
});
export type TripForecast = z.infer<typeof tripForecastSchema>;
export type TripForecastDay = TripForecast["days"][number];
