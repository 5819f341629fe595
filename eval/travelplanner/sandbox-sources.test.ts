import { describe, expect, it } from "vitest";
import { loadSandbox } from "./sandbox.ts";
import { createSandboxSources, kilometresOf, minutesOf } from "./sandbox-sources.ts";

const sandbox = loadSandbox();
const sources = createSandboxSources(sandbox);
const city = (name: string) => ({ name, place: null });

describe("the TravelPlanner sandbox as the planner's sources", () => {
  it("offers a city's accommodations as stays, with the table's price, rules and occupancy", async () => {
    const stays = await sources.stays(city("Rockford"));
    // Rows with an empty field are dropped, as the evaluator drops them.
    expect(stays).toHaveLength(sandbox.accommodationsIn("Rockford").length);
    expect(stays).toContainEqual(
      expect.objectContaining({
        name: "Spacious 3BDR Prime Location!",
        kind: "entire-home",
        pricePerNight: 1030,
        capacity: 9,
        minimumNights: 2,
        refuses: ["smoking"],
        accepts: ["pets", "children-under-10", "visitors", "parties"],
        estimated: false,
      }),
    );
  });

  it("offers restaurants with their listed cuisines and average cost, and the city's attractions", async () => {
    const meals = await sources.meals(city("Rockford"));
    expect(meals).toHaveLength(27);
    expect(meals).toContainEqual(
      expect.objectContaining({
        name: "Coco Bambu",
        cuisines: ["French"],
        costPerPerson: 72,
        estimated: false,
      }),
    );
    expect(await sources.attractions?.(city("Rockford"))).toHaveLength(20);
  });

  it("offers the day's flights a person and both road legs a car, priced from the distance", async () => {
    const legs = await sources.journeys(city("St. Petersburg"), city("Rockford"), "2022-03-16");
    expect(legs).toContainEqual(
      expect.objectContaining({
        mode: "flight",
        number: "F3573659",
        departAt: "2022-03-16T15:40",
        arriveAt: "2022-03-16T17:04",
        minutes: 144,
        price: { perPerson: 474 },
      }),
    );
    const road = await sources.journeys(city("Detroit"), city("Norfolk"), "2022-03-16");
    expect(road.map((j) => [j.mode, j.price, j.minutes])).toEqual([
      ["self-driving", { perVehicle: 57, seats: 5 }, 655],
      ["taxi", { perVehicle: 1144, seats: 4 }, 655],
    ]);
    // Another day: no flight of the 16th.
    const later = await sources.journeys(city("St. Petersburg"), city("Rockford"), "2022-03-17");
    expect(later.some((j) => j.number === "F3573659")).toBe(false);
  });

  it("reads the table's durations and distances, and refuses a journey of days", () => {
    expect(minutesOf("10 hours 55 mins")).toBe(655);
    expect(minutesOf("2 hours 24 minutes")).toBe(144);
    expect(minutesOf("1 day 2 hours")).toBeNull();
    expect(minutesOf("")).toBeNull();
    expect(kilometresOf("1,144 km")).toBe(1144);
    expect(kilometresOf("")).toBeNull();
  });
});
