import { expect, test } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { createTrip, storedTrip } from "./support/trips.ts";

/*
 * "Plan the afternoon in Lyon" (issue 44 item 4), with no AI provider: after the booked train
 * arrives on the transfer day, the rest of that day is proposed from Lyon's places as a previewed
 * change; the morning in Paris stays as it was until the traveller accepts.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(({ request }) => waitForKeyless(request));

test("after the booked train, the afternoon in Lyon is proposed and accepted", async ({ page }) => {
  test.slow();
  await signUpByApi(page, KEYLESS, "Keyless Tester", freshEmail("afternoon"));
  // Paris two nights, then Lyon: Wednesday 30 December is the transfer day (Day 3).
  const trip = await createTrip(page, KEYLESS, {
    destination: "Paris",
    startDate: "2026-12-28",
    endDate: "2027-01-01",
    stops: [
      { destination: "Paris", nights: 2 },
      { destination: "Lyon", nights: 2 },
    ],
  });
  const booked = await page.request.patch(`/api/trips/${trip.id}`, {
    data: {
      version: trip.version,
      transport: [
        {
          mode: "train",
          from: "Paris Gare de Lyon",
          to: "Lyon Part-Dieu",
          departAt: "2026-12-30T10:00",
          arriveAt: "2026-12-30T12:01",
          carrier: "SNCF",
          number: "TGV 6601",
        },
      ],
    },
    headers: { Origin: KEYLESS },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const before = (await storedTrip(page, trip.id)).itinerary.days[2]!;
  const morning = before.activities.filter((a) => a.time < "12:01").map((a) => a.activity);

  await page.goto(`/trips/${trip.id}?day=3`);
  await expect(page.getByRole("button", { name: "Plan the afternoon in Lyon" })).toBeVisible();
  // A day in one city has none.
  await page.goto(`/trips/${trip.id}?day=2`);
  await expect(page.getByRole("heading", { level: 2, name: /^Day 2/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Plan the afternoon/ })).toHaveCount(0);

  await page.goto(`/trips/${trip.id}?day=3`);
  await page.getByRole("button", { name: "Plan the afternoon in Lyon" }).click();
  const card = page.getByRole("region", { name: /^Proposed afternoon in Lyon for Day 3/ });
  await expect(card).toBeVisible();
  await expectAxeClean(page, "the afternoon in Lyon proposed");
  // Nothing saved yet.
  expect((await storedTrip(page, trip.id)).version).toBe(trip.version + 1);
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  const after = (await storedTrip(page, trip.id)).itinerary.days[2]!;
  expect(after.activities.filter((a) => a.time < "12:01").map((a) => a.activity)).toEqual(morning);
  const afternoon = after.activities.filter((a) => a.time >= "12:01");
  expect(afternoon.length).toBeGreaterThan(0);
  expect(afternoon.every((a) => (a as { stopIndex?: number }).stopIndex === 1)).toBe(true);
});
