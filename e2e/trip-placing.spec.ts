import { expect, test } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";
import { createTrip } from "./support/trips.ts";

// Issue 44, item 11 ("No silent wait"): the trip opens with its days while the geocoder has not
// answered; the page says how many activities are still being placed, and the pins arrive.

const geocoder = `http://127.0.0.1:${stackPorts().geocoder}`;

test("the trip opens before its pins; they arrive and the waiting line goes", async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page, baseURL!, "Placing Tester", freshEmail("placing"));
  // The geocoder answers nothing until released: the trip is seen before any pin.
  expect((await page.request.post(`${geocoder}/__fake/hold`)).ok()).toBe(true);
  try {
    // Tokyo: no real places in the stack's Overpass fake, so every activity waits for the geocoder.
    const trip = await createTrip(page, baseURL!, {
      destination: "Tokyo",
      startDate: "2027-06-07",
      endDate: "2027-06-07",
    });
    await page.goto(`/trips/${trip.id}`);
    const activities = page
      .getByRole("list", { name: /^Activities of Day 1/ })
      .getByRole("listitem");
    await expect(activities).toHaveCount(3);
    await expect(page.getByText("Placing 3 activities on the map…")).toBeVisible();
    await expect(activities.getByRole("button", { name: /^Show .* on the map$/ })).toHaveCount(0);
    await expectAxeClean(page, "/trips/:id while placing");
  } finally {
    expect((await page.request.post(`${geocoder}/__fake/release`)).ok()).toBe(true);
  }
  // Each pin arrives as a live change: the line counts down and goes.
  await expect(page.getByText(/^Placing \d+ activit(y|ies) on the map…$/)).toHaveCount(0, {
    timeout: 30_000,
  });
  const activities = page.getByRole("list", { name: /^Activities of Day 1/ }).getByRole("listitem");
  await expect(activities.getByRole("button", { name: /^Show .* on the map$/ })).toHaveCount(3);
});
