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
