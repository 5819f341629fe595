import type { FakeCity } from "./itinerary-model.ts";
import type { FakePlace } from "./weather-places.ts";

type EvalCity = Omit<FakePlace, "dailyC" | "conditions"> & { sights: [string, string, string] };

/**
 * The evaluation's destinations that the shared fakes do not know (Paris, Tokyo and New York they
 * do): `npm run eval -- --fake` gives them to its geocoder and its model only, so every request is
 * resolved and planned with located places, and a run that leaves some unresolved or unlocated
 * shows a fault of the code, not of the fakes. Other tests keep their unknown cities unknown.
 */
const CITIES: EvalCity[] = [
  // A stop of the multi-stop requests (Paris, Lyon and Marseille the shared fakes know).
  city("Lisbon", "PT", "Portugal", 38.7077507, -9.1365919, "Europe/Lisbon", 0, [
    "Alfama",
    "Belém Tower",
    "LX Factory",
  ]),
  city("Marrakesh", "MA", "Morocco", 31.6295, -7.9811, "Africa/Casablanca", 3600, [
    "Jemaa el-Fnaa",
    "Bahia Palace",
    "Majorelle Garden",
  ]),
  city("Cusco", "PE", "Peru", -13.5319, -71.9675, "America/Lima", -18_000, [
    "Plaza de Armas",
    "Qorikancha",
    "Sacsayhuaman",
  ]),
  city("Queenstown", "NZ", "New Zealand", -45.0312, 168.6626, "Pacific/Auckland", 46_800, [
    "Skyline Gondola",
    "Queenstown Gardens",
    "Steamer Wharf",
  ]),
  city("Reykjavik", "IS", "Iceland", 64.1466, -21.9426, "Atlantic/Reykjavik", 0, [
    "Hallgrimskirkja",
    "Harpa",
    "Sun Voyager",
  ]),
  city("Cape Town", "ZA", "South Africa", -33.9249, 18.4241, "Africa/Johannesburg", 7200, [
    "V&A Waterfront",
    "Bo-Kaap",
    "Company's Garden",
  ]),
  city(
    "Buenos Aires",
    "AR",
    "Argentina",
    -34.6037,
    -58.3816,
    "America/Argentina/Buenos_Aires",
    -10_800,
    ["Plaza de Mayo", "Recoleta Cemetery", "Teatro Colon"],
  ),
  city("Hanoi", "VN", "Vietnam", 21.0278, 105.8342, "Asia/Bangkok", 25_200, [
    "Hoan Kiem Lake",
    "Temple of Literature",
    "Dong Xuan Market",
  ]),
  city("Mexico City", "MX", "Mexico", 19.4326, -99.1332, "America/Mexico_City", -21_600, [
    "Zocalo",
    "Palacio de Bellas Artes",
    "Templo Mayor",
  ]),
  city("Sydney", "AU", "Australia", -33.8688, 151.2093, "Australia/Sydney", 39_600, [
    "Sydney Opera House",
    "Royal Botanic Garden",
    "The Rocks",
  ]),
  city("Ulaanbaatar", "MN", "Mongolia", 47.8864, 106.9057, "Asia/Ulaanbaatar", 28_800, [
    "Sukhbaatar Square",
    "Gandan Monastery",
    "National Museum of Mongolia",
  ]),
];

function city(
  name: string,
  country: string,
  countryName: string,
  lat: number,
  lon: number,
  timezone: string,
  offsetSeconds: number,
  sights: [string, string, string],
): EvalCity {
  return { name, country, countryName, lat, lon, timezone, offsetSeconds, sights };
}

/** For the Open-Meteo fake: the cities with a mild, dry five days each. */
export const EVAL_GEO_PLACES: FakePlace[] = CITIES.map(({ sights: _sights, ...place }) => ({
  ...place,
  dailyC: [18, 19, 20, 18, 17],
  conditions: ["Clear", "Clouds", "Clear", "Clear", "Clouds"],
}));

/** For the model fake: the same cities with three sights each. */
export const EVAL_MODEL_CITIES: FakeCity[] = CITIES.map((c) => ({
  name: c.name.toLowerCase(),
  countryCode: c.country,
  lat: c.lat,
  lng: c.lon,
  places: [...c.sights],
}));
