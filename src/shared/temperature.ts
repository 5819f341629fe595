/** The units a traveller can choose for temperatures; none chosen follows the browser's locale. */
export const TEMPERATURE_UNITS = ["C", "F"] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** The unit a locale reads: Fahrenheit for US English, Celsius everywhere else. */
export const unitForLocale = (locale: string | undefined): TemperatureUnit =>
  locale?.toLowerCase() === "en-us" ? "F" : "C";

/** °F → °C rounded to one decimal; forecasts carry °F (SPEC 9). */
export function fahrenheitToCelsius(fahrenheit: number): number {
  const rounded = Math.round(((fahrenheit - 32) * 50) / 9) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A forecast temperature (given in °F) in the traveller's unit: "71.6°F" or "22.0°C". */
export const formatTemperature = (fahrenheit: number, unit: TemperatureUnit) =>
  unit === "F" ? `${fahrenheit.toFixed(1)}°F` : `${fahrenheitToCelsius(fahrenheit).toFixed(1)}°C`;
