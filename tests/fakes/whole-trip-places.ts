import type { FakeOsmElement } from "./overpass-places.ts";

/**
 * The whole trip's map (issue 47), added to the Overpass fake's dataset where a test asks for it:
 * lodging (with `stars`, `rooms`, `pets`, `smoking`), cafés and bakeries for breakfast, and
 * restaurants with `cuisine` in Paris and Lyon. The cheapest, nearest hotel of each city refuses
 * pets, so a `pets` need shows it is never chosen.
 */

const node = (id: number, lat: number, lon: number, tags: Record<string, string>) =>
  ({ type: "node", id, lat, lon, tags }) as FakeOsmElement;

const BREAKFAST_HOURS = "Mo-Su 07:00-19:00";
const MEAL_HOURS = "Mo-Su 12:00-15:00,18:30-23:00";

export const PETS_REFUSED_IDS = ["node/5002", "node/6002"];

const paris: FakeOsmElement[] = [
  node(5001, 48.8606, 2.3376, {
    name: "Hôtel du Palais",
    tourism: "hotel",
    stars: "4",
    rooms: "120",
    pets: "yes",
    "addr:street": "Rue de Rivoli",
    "addr:housenumber": "172",
    "addr:city": "Paris",
  }),
  node(5002, 48.8567, 2.3525, {
    name: "Hôtel Sans Chiens",
    tourism: "hotel",
    stars: "2",
    rooms: "30",
    pets: "no",
  }),
  node(5003, 48.8589, 2.3601, { name: "Appartement du Marais", tourism: "apartment", beds: "4" }),
  node(5004, 48.8642, 2.3469, { name: "Auberge Les Halles", tourism: "hostel" }),
  node(5005, 48.853, 2.3499, {
    name: "Hôtel Notre-Dame",
    tourism: "hotel",
    stars: "3",
    rooms: "2",
    smoking: "no",
  }),
  node(5101, 48.8575, 2.3512, {
    name: "Café de la Cité",
    amenity: "cafe",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(5102, 48.8598, 2.3415, {
    name: "Café Rivoli",
    amenity: "cafe",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(5103, 48.8551, 2.3567, {
    name: "Boulangerie Saint-Paul",
    shop: "bakery",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(5104, 48.8621, 2.3489, {
    name: "Café Étienne",
    amenity: "cafe",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(5201, 48.8589, 2.3482, {
    name: "Bouillon Chartier Test",
    amenity: "restaurant",
    cuisine: "french",
    opening_hours: MEAL_HOURS,
  }),
  node(5202, 48.8611, 2.3533, {
    name: "Trattoria Roma",
    amenity: "restaurant",
    cuisine: "italian",
    opening_hours: MEAL_HOURS,
  }),
  node(5203, 48.8548, 2.3448, {
    name: "Pizzeria Napoli",
    amenity: "restaurant",
    cuisine: "pizza",
    opening_hours: MEAL_HOURS,
  }),
  node(5204, 48.8632, 2.3412, {
    name: "Sushi Kyo",
    amenity: "restaurant",
    cuisine: "japanese",
    opening_hours: MEAL_HOURS,
  }),
  node(5205, 48.8544, 2.3333, {
    name: "Brasserie du Quai",
    amenity: "restaurant",
    cuisine: "french",
    opening_hours: MEAL_HOURS,
  }),
  node(5206, 48.8577, 2.3621, {
    name: "Le Petit Marais",
    amenity: "restaurant",
    cuisine: "french;regional",
    opening_hours: MEAL_HOURS,
  }),
];

const lyon: FakeOsmElement[] = [
  node(6001, 45.7606, 4.8339, {
    name: "Hôtel des Célestins",
    tourism: "hotel",
    stars: "3",
    rooms: "60",
    pets: "yes",
  }),
  node(6002, 45.7641, 4.8358, {
    name: "Hôtel Terreaux Sans Chiens",
    tourism: "hotel",
    stars: "2",
    rooms: "25",
    pets: "no",
  }),
  node(6003, 45.7672, 4.8301, { name: "Appartement Croix-Rousse", tourism: "apartment" }),
  node(6004, 45.7589, 4.8278, {
    name: "Guest House Saint-Jean",
    tourism: "guest_house",
    dog: "yes",
  }),
  node(6101, 45.7631, 4.8344, {
    name: "Café Bellecour",
    amenity: "cafe",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(6102, 45.7652, 4.8371, {
    name: "Boulangerie du Palais",
    shop: "bakery",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(6103, 45.7614, 4.8392, {
    name: "Café Rhône",
    amenity: "cafe",
    opening_hours: BREAKFAST_HOURS,
  }),
  node(6201, 45.7627, 4.8331, {
    name: "Bouchon des Cordeliers",
    amenity: "restaurant",
    cuisine: "regional",
    opening_hours: MEAL_HOURS,
  }),
  node(6202, 45.7661, 4.8348, {
    name: "Osteria Lyon",
    amenity: "restaurant",
    cuisine: "italian",
    opening_hours: MEAL_HOURS,
  }),
  node(6203, 45.7598, 4.8365, {
    name: "Brasserie Georges Test",
    amenity: "restaurant",
    cuisine: "french",
    opening_hours: MEAL_HOURS,
  }),
  node(6204, 45.7645, 4.8412, {
    name: "Thaï Rhône",
    amenity: "restaurant",
    cuisine: "thai",
    opening_hours: MEAL_HOURS,
  }),
  node(6205, 45.7683, 4.8322, {
    name: "Pizzeria Croix-Rousse",
    amenity: "restaurant",
    cuisine: "pizza",
    opening_hours: MEAL_HOURS,
  }),
];

export const WHOLE_TRIP_ELEMENTS: readonly FakeOsmElement[] = [...paris, ...lyon];
