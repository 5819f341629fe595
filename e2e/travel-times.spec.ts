import { expect, test } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { createTrip } from "./support/trips.ts";

/*
 * Issue 46 in the browser: the keyless app routes on the loopback OSRM and MOTIS fakes (Paris
 * streets and métro). The legs read between the activities ("Walk · 12 min · 900 m"), the day's
 * travel time sits beside its cost with the routes' attribution, a leg's mode is changed from its
 * menu, on a phone too, axe clean.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(({ request }) => waitForKeyless(request));

const PARIS_DAY = {
  destination: "Paris",
  startDate: "2026-12-30",
  endDate: "2026-12-30",
  interests: ["Culture & Arts", "History"],
};

test("legs between the activities, the day's travel time, and a leg's mode changed", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, KEYLESS, "Leg Tester", freshEmail("legs"));
  const { id } = await createTrip(page, KEYLESS, PARIS_DAY);
  await page.goto(`/trips/${id}`);
  await expect(page.getByRole("heading", { name: "Paris", level: 1 })).toBeVisible();

  const legs = page.getByTestId("travel-leg");
  await expect(legs.first()).toBeVisible();
  await expect(legs.first()).toHaveText(
    /Getting here: (Walk · \d+ min · [\d.]+ k?m|Métro \d.* · \d+ min · leaves \d\d:\d\d)/,
  );
  await expect(page.getByText(/· Travel: \d+ (min|h)/)).toBeVisible();
  await expect(
    page.getByRole("link", { name: "OpenStreetMap contributors", exact: true }),
  ).toBeVisible();
  await expectAxeClean(page, "a day with its legs, phone size");

  // The second activity's leg by taxi: re-routed by road, said as a taxi.
  const second = page
    .getByRole("list", { name: /^Activities of Day/ })
    .getByRole("listitem")
    .nth(1);
  await second.getByRole("button", { name: /^Get here by/ }).click();
  await expect(page.getByRole("menuitem", { name: "Car or taxi" })).toBeVisible();
  await expectAxeClean(page, "the leg's mode menu");
  await page.getByRole("menuitem", { name: "Car or taxi" }).click();
  await expect(second.getByTestId("travel-leg")).toHaveText(/Taxi · \d+ min$/);

  // Kept: the page read again shows the leg as chosen.
  await page.reload();
  await expect(
    page
      .getByRole("list", { name: /^Activities of Day/ })
      .getByRole("listitem")
      .nth(1)
      .getByTestId("travel-leg"),
  ).toHaveText(/Taxi · \d+ min$/);
});

test("the map draws each leg along its route: walks dashed, métro rides in their line's colour", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, KEYLESS, "Route Tester", freshEmail("routes"));
  const trip = await createTrip(page, KEYLESS, PARIS_DAY);
  await page.goto(`/trips/${trip.id}`);
  const map = page.getByRole("region", { name: "Trip map" });
  await expect(map.locator(".trip-map-canvas")).toBeVisible();

  // The keyless plan's legs are walks: one dashed line along the streets, no straight guess.
  const walks = map.locator("path.trip-route-walk");
  await expect(walks.first()).toBeAttached();
  await expect(walks.first()).toHaveAttribute("stroke-dasharray", "2 8");
  await expect(map.locator("path.trip-route-straight")).toHaveCount(0);
  await expect(map.locator("path.trip-route-ride")).toHaveCount(0);
  await expect(page.getByTestId("route-legend")).toHaveText(/walks are dashed/);
  await expect(page.getByRole("link", { name: "fix the map" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/fixthemap",
  );
  await expectAxeClean(page, "the map's route lines, phone size");

  // Walks of at most 5 minutes: the longer legs go by métro, drawn in the line's own colour.
  const stored = await page.request.get(`/api/trips/${trip.id}`);
  const { version } = ((await stored.json()) as { trip: { version: number } }).trip;
  const res = await page.request.patch(`/api/trips/${trip.id}`, {
    data: { version, travelMode: { maxWalkMinutes: 5, modes: ["walk", "transit"] } },
    headers: { Origin: KEYLESS },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.reload();
  const rides = map.locator("path.trip-route-ride");
  await expect(rides.first()).toBeAttached();
  const colours = await rides.evaluateAll((paths) =>
    paths.map((p) => p.getAttribute("stroke")?.toUpperCase()),
  );
  for (const colour of colours) expect(["#FFCD00", "#C04191"]).toContain(colour);
  // The walks to and from the stations are dashed, the rides solid.
  await expect(map.locator("path.trip-route-walk").first()).toHaveAttribute(
    "stroke-dasharray",
    "2 8",
  );
  expect(await rides.first().getAttribute("stroke-dasharray")).toBeNull();
  await expect(page.getByTestId("route-legend")).toHaveText(
    /transit rides are in their line's colour/,
  );
  await expect(page.getByRole("link", { name: "Transitous and its sources" })).toHaveAttribute(
    "href",
    "https://transitous.org/sources/",
  );
  await expectAxeClean(page, "transit lines on the map, phone size");
});
