import { formatTemperature } from "#shared/temperature.ts";
import { useTemperatureUnit } from "#web/lib/temperature-unit.tsx";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { TripForecastDay } from "#shared/schemas/trip-forecast.ts";
import { INDOOR_INSTRUCTION, isOutdoorActivity, weatherConcern } from "#shared/weather-fit.ts";
import { useTripForecast } from "../api/get-trip-forecast.ts";
import { formatWeekday } from "#web/lib/format.ts";

const CONCERN_TEXT = { wet: "Wet weather is forecast", hot: "A very hot day is forecast" } as const;

/**
 * One day's forecast on the trip page, with the chat's advice; outdoor plans on a wet or very hot
 * day get a suggestion to regenerate the day indoors. Weather problems never break the page: the
 * day just says the forecast is unavailable.
 */
export function DayWeather({
  tripId,
  day,
  onRegenerate,
}: {
  tripId: string;
  day: Day;
  /** Opens "Regenerate day" with the instruction filled in, where the page offers it. */
  onRegenerate?: (instruction: string) => void;
}) {
  const query = useTripForecast(tripId);
  if (query.isPending) return null;
  if (query.isError || query.data.unavailable)
    return <p className="text-sm text-slate-600">The weather forecast is unavailable right now.</p>;
  const entry = query.data.days.find((d) => d.date === day.date);
  if (!entry) return null;
  return <DayWeatherView entry={entry} day={day} onRegenerate={onRegenerate} />;
}

export function DayWeatherView({
  entry,
  day,
  onRegenerate,
}: {
  entry: TripForecastDay;
  day: Day;
  onRegenerate?: (instruction: string) => void;
}) {
  const unit = useTemperatureUnit();
  if (!entry.forecast) {
    if (!entry.availableFrom) return null;
    return (
      <p className="text-sm text-slate-600">
        Forecast available from {formatWeekday(entry.availableFrom)}
      </p>
    );
  }
  const f = entry.forecast;
  const concern = weatherConcern(f);
  const outdoor = concern ? day.activities.filter(isOutdoorActivity) : [];
  return (
    <section
      aria-label="Weather"
      className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm"
    >
      <p className="font-medium text-slate-900">
        {f.description}, {formatTemperature(f.tempF, unit)} (high {formatTemperature(f.highF, unit)}
        , low {formatTemperature(f.lowF, unit)}), humidity {f.humidity}%
      </p>
      <p className="text-slate-700">
        {f.clothing} {f.activity}
      </p>
      {concern && outdoor.length > 0 ? (
        <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950">
          <p>
            {CONCERN_TEXT[concern]}, and {outdoor.length === 1 ? "this plan is" : "these plans are"}{" "}
            outdoors: {outdoor.map((a) => a.activity).join(", ")}.
          </p>
          {onRegenerate ? (
            <button
              type="button"
              onClick={() => onRegenerate(INDOOR_INSTRUCTION[concern])}
              className="mt-1 rounded-md border border-amber-400 bg-white px-3 py-1 font-medium"
            >
              Regenerate this day indoors
            </button>
          ) : (
            <p className="mt-1">Consider regenerating this day with indoor plans.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
