import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";

/**
 * The TravelPlanner sandbox database (CC BY 4.0, Xie et al., ICML 2024), loaded with the official
 * evaluation's rules (eval/travelplanner/dataset/EVAL_SPEC.md §1): rows with an empty field dropped from
 * accommodations, the first row in file order wins a lookup.
 */
export const DATASET_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "dataset");

type Row = Record<string, string>;

export type Accommodation = {
  name: string;
  price: number;
  roomType: string;
  houseRules: string;
  minimumNights: number;
  maximumOccupancy: number;
  rating: number;
  city: string;
};
export type Restaurant = {
  name: string;
  averageCost: number;
  cuisines: string;
  rating: number;
  city: string;
};
export type Attraction = { name: string; lat: number; lng: number; address: string; city: string };
export type Flight = {
  number: string;
  price: number;
  departure: string;
  arrival: string;
  elapsed: string;
  date: string;
  from: string;
  to: string;
  distanceMiles: number;
};
export type Distance = { origin: string; destination: string; duration: string; distance: string };

export type Sandbox = {
  accommodations: Accommodation[];
  restaurants: Restaurant[];
  attractions: Attraction[];
  flights: Flight[];
  /** Every distance row, in file order (duplicates kept: the first one answers). */
  distances: Distance[];
  /** City → state, every line of citySet_with_states.txt. */
  cityStates: Map<string, string>;
  /** The first distance row of each (origin, destination), as the official lookup finds it. */
  distanceOf: (origin: string, destination: string) => Distance | undefined;
  /** Every flight row of a flight number, in file order. */
  flightsByNumber: Map<string, Flight[]>;
  /** Rows of a city, in file order, so a lookup scans one city rather than the whole table. */
  accommodationsIn: (city: string) => Accommodation[];
  restaurantsIn: (city: string) => Restaurant[];
  attractionsIn: (city: string) => Attraction[];
};

function readCsv(file: string): Row[] {
  const text = readFileSync(path.join(DATASET_DIR, "database", file), "utf8");
  const parsed = Papa.parse<Row>(text, { header: true, skipEmptyLines: true });
  return parsed.data;
}

/** pandas' dropna() on these files: an empty cell is the only missing value (EVAL_SPEC.md §1). */
const complete = (row: Row) => Object.values(row).every((v) => v !== "");

function byCity<T extends { city: string }>(rows: T[]): (city: string) => T[] {
  const index = new Map<string, T[]>();
  for (const row of rows) {
    const list = index.get(row.city);
    if (list) list.push(row);
    else index.set(row.city, [row]);
  }
  return (city) => index.get(city) ?? [];
}

export function loadSandbox(): Sandbox {
  const accommodations = readCsv("clean_accommodations_2022.csv")
    .filter(complete)
    .map((r) => ({
      name: r.NAME ?? "",
      price: Number(r.price),
      roomType: r["room type"] ?? "",
      houseRules: r.house_rules ?? "",
      minimumNights: Number(r["minimum nights"]),
      maximumOccupancy: Number(r["maximum occupancy"]),
      rating: Number(r["review rate number"]),
      city: r.city ?? "",
    }));
  const restaurants = readCsv("clean_restaurant_2022.csv")
    .filter(complete)
    .map((r) => ({
      name: r.Name ?? "",
      averageCost: Number(r["Average Cost"]),
      cuisines: r.Cuisines ?? "",
      rating: Number(r["Aggregate Rating"]),
      city: r.City ?? "",
    }));
  const attractions = readCsv("attractions.csv")
    .filter(complete)
    .map((r) => ({
      name: r.Name ?? "",
      lat: Number(r.Latitude),
      lng: Number(r.Longitude),
      address: r.Address ?? "",
      city: r.City ?? "",
    }));
  const flights = readCsv("flights.csv").map((r) => ({
    number: r["Flight Number"] ?? "",
    price: Number(r.Price),
    departure: r.DepTime ?? "",
    arrival: r.ArrTime ?? "",
    elapsed: r.ActualElapsedTime ?? "",
    date: r.FlightDate ?? "",
    from: r.OriginCityName ?? "",
    to: r.DestCityName ?? "",
    distanceMiles: Number(r.Distance),
  }));
  const distances = readCsv("distance.csv").map((r) => ({
    origin: r.origin ?? "",
    destination: r.destination ?? "",
    duration: r.duration ?? "",
    distance: r.distance ?? "",
  }));
  const firstDistance = new Map<string, Distance>();
  for (const d of distances) {
    const key = `${d.origin}\u0000${d.destination}`;
    if (!firstDistance.has(key)) firstDistance.set(key, d);
  }
  const flightsByNumber = new Map<string, Flight[]>();
  for (const f of flights) {
    const list = flightsByNumber.get(f.number);
    if (list) list.push(f);
    else flightsByNumber.set(f.number, [f]);
  }
  const cityStates = new Map<string, string>();
  for (const line of readFileSync(
    path.join(DATASET_DIR, "database", "citySet_with_states.txt"),
    "utf8",
  ).split("\n")) {
    const [city, state] = line.split("\t");
    if (city && state) cityStates.set(city.trim(), state.trim());
  }
  return {
    accommodations,
    restaurants,
    attractions,
    flights,
    distances,
    cityStates,
    distanceOf: (origin, destination) => firstDistance.get(`${origin}\u0000${destination}`),
    flightsByNumber,
    accommodationsIn: byCity(accommodations),
    restaurantsIn: byCity(restaurants),
    attractionsIn: byCity(attractions),
  };
}
