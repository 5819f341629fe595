import { formatTemperature } from "#shared/temperature.ts";
import { useTemperatureUnit } from "#web/lib/temperature-unit.tsx";
import type { ForecastCard as ForecastCardData } from "#shared/schemas/weather.ts";

// OpenWeatherMap icon codes (both adapters use them) → a symbol that needs no image request.
const ICONS: Record<string, string> = {
  "01": "☀️",
  "02": "🌤️",
  "03": "⛅",
  "04": "☁️",
  "09": "🌧️",
  "10": "🌦️",
  "11": "⛈️",
  "13": "❄️",
  "50": "🌫️",
};

export function ForecastCard({ forecast }: { forecast: ForecastCardData }) {
  const viewerUnit = useTemperatureUnit();
  // The unit the assistant's text beside the card was written in: both say the same.
  const unit = forecast.unit ?? viewerUnit;
  return (
    <figure className="mt-2 rounded-lg border border-slate-200 bg-white p-2 text-slate-900">
      <figcaption className="text-xs font-semibold">Forecast for {forecast.location}</figcaption>
      <ul className="mt-1 divide-y divide-slate-100">
        {forecast.days.map((day) => (
          <li key={day.date} className="py-1.5 text-xs">
            <div className="flex items-center gap-2">
              <span role="img" aria-label={day.description} className="text-lg leading-none">
                {ICONS[day.icon.slice(0, 2)] ?? "🌡️"}
              </span>
              <span className="w-20 shrink-0 font-medium">{day.label}</span>
              <span>
                High {formatTemperature(day.highF, unit)} · Low {formatTemperature(day.lowF, unit)}
              </span>
            </div>
            <p className="mt-0.5 text-slate-700">
              {day.clothing} {day.activity}
            </p>
          </li>
        ))}
      </ul>
      {forecast.provider === "open-meteo" ? (
        <p className="mt-1 text-[11px] text-slate-600">
          Weather data by{" "}
          <a
            className="text-brand-800 underline"
            href="https://open-meteo.com/"
            target="_blank"
            rel="noreferrer"
          >
            Open-Meteo.com
          </a>{" "}
          (
          <a
            className="text-brand-800 underline"
            href="https://creativecommons.org/licenses/by/4.0/"
            target="_blank"
            rel="noreferrer"
          >
            CC BY 4.0
          </a>
          )
        </p>
      ) : null}
    </figure>
  );
}
