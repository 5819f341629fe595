/** WMO weather interpretation codes (Open-Meteo docs) in OpenWeatherMap's terms, so one card shows both. */
const CODES: Record<number, [main: string, description: string, icon: string]> = {
  0: ["Clear", "clear sky", "01d"],
  1: ["Clear", "mainly clear", "02d"],
  2: ["Clouds", "partly cloudy", "03d"],
  3: ["Clouds", "overcast", "04d"],
  45: ["Fog", "fog", "50d"],
  48: ["Fog", "depositing rime fog", "50d"],
  51: ["Drizzle", "light drizzle", "09d"],
  53: ["Drizzle", "moderate drizzle", "09d"],
  55: ["Drizzle", "dense drizzle", "09d"],
  56: ["Drizzle", "light freezing drizzle", "09d"],
  57: ["Drizzle", "dense freezing drizzle", "09d"],
  61: ["Rain", "slight rain", "10d"],
  63: ["Rain", "moderate rain", "10d"],
  65: ["Rain", "heavy rain", "10d"],
  66: ["Rain", "light freezing rain", "13d"],
  67: ["Rain", "heavy freezing rain", "13d"],
  71: ["Snow", "slight snow fall", "13d"],
  73: ["Snow", "moderate snow fall", "13d"],
  75: ["Snow", "heavy snow fall", "13d"],
  77: ["Snow", "snow grains", "13d"],
  80: ["Rain", "slight rain showers", "09d"],
  81: ["Rain", "moderate rain showers", "09d"],
  82: ["Rain", "violent rain showers", "09d"],
  85: ["Snow", "slight snow showers", "13d"],
  86: ["Snow", "heavy snow showers", "13d"],
  95: ["Thunderstorm", "thunderstorm", "11d"],
  96: ["Thunderstorm", "thunderstorm with slight hail", "11d"],
  99: ["Thunderstorm", "thunderstorm with heavy hail", "11d"],
};

export function describeWeatherCode(code: number) {
  const [main, description, icon] = CODES[code] ?? ["Clouds", "unsettled", "03d"];
  return { main, description, icon };
}
