import type { TripPlace } from "#shared/schemas/itinerary.ts";

/*
 * Cities as a trip stores them once the geocoder has found them (a stop's or a destination's
 * `place`), for tests that build trips with several stops without asking a geocoder.
 */

export const PARIS: TripPlace = {
  name: "Paris",
  country: "France",
  lat: 48.8566,
  lng: 2.3522,
  timezone: "Europe/Paris",
};

export const LYON: TripPlace = {
  name: "Lyon",
  country: "France",
  lat: 45.764,
  lng: 4.8357,
  timezone: "Europe/Paris",
};

export const LISBON: TripPlace = {
  name: "Lisbon",
  country: "Portugal",
  lat: 38.7223,
  lng: -9.1393,
  timezone: "Europe/Lisbon",
};
