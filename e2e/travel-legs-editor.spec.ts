import { expect, test } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { createTrip } from "./support/trips.ts";

/*
 * Issue 46 in the main app's editor (the model planner; its routers are off in the e2e stack, so
 * every leg is the straight-line estimate and says so): the legs read between the activity cards,
 * and a leg's mode is changed from its menu and kept; at phone size, axe clean. The keyless app's
 * routed legs are e2e/travel-times.spec.ts.
 */

test("the legs between the cards of the main app's editor, and a leg's mode changed", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, baseURL!, "Leg Editor", freshEmail("legs-main"));
  const { id } = await createTrip(page, baseURL!);
  await page.goto(`/trips/${id}`);
  await expect(page.getByRole("heading", { name: "Lisbon", level: 1 })).toBeVisible();

  const list = page.getByRole("list", { name: /^Activities of Day 1/ });
  const second = list.getByRole("listitem").nth(1);
  // The geocoder places the plan's activities after the trip opens; their legs follow.
  await expect(second.getByTestId("travel-leg")).toHaveText(
    /Getting here: (Walk · \d+ min · [\d.]+ k?m|Transit · \d+ (min|h)[\d min]*) · estimated$/,
  );
  // The first has none: no stay to come from.
  await expect(list.getByRole("listitem").first().getByTestId("travel-leg")).toHaveCount(0);
  await expectAxeClean(page, "the main app's legs, phone size");

  await second.getByRole("button", { name: /^Get here by/ }).click();
  await expect(page.getByRole("menuitem", { name: "Bike" })).toBeVisible();
  await expectAxeClean(page, "the leg's mode menu");
  await page.getByRole("menuitem", { name: "Bike" }).click();
  await expect(second.getByTestId("travel-leg")).toHaveText(
    /Getting here: Bike · \d+ (min|h)[\d min]* · [\d.]+ k?m · estimated$/,
  );

  await page.reload();
  await expect(
    page
      .getByRole("list", { name: /^Activities of Day 1/ })
      .getByRole("listitem")
      .nth(1)
      .getByTestId("travel-leg"),
  ).toHaveText(/Getting here: Bike · /);
});
