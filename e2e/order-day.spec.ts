import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { createTrip } from "./support/trips.ts";

/*
 * "Order this day" (issue 46) in the keyless app on the loopback OSRM fake: a day put in a
 * zig-zag order is offered the order that walks least as a previewed change (the one a regenerated
 * day uses), accepted, and then said to travel least already; at phone size, axe clean.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(({ request }) => waitForKeyless(request));

const PARIS_DAY = {
  destination: "Paris",
  startDate: "2026-12-30",
  endDate: "2026-12-30",
  interests: ["Culture & Arts", "History"],
};

type Placed = { id: string; time: string; lat: number | null; lng: number | null };
type Saved = { version: number; itinerary: { days: { date: string; activities: Placed[] }[] } };

async function patchTrip(page: Page, id: string, body: object): Promise<Saved> {
  const res = await page.request.patch(`/api/trips/${id}`, {
    data: body,
    headers: { Origin: KEYLESS },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { trip: Saved }).trip;
}

function permutations<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [[...list]];
  return list.flatMap((x, i) => permutations(list.toSpliced(i, 1)).map((r) => [x, ...r]));
}

/** The order with the longest straight-line path: the day's times given to the visits in it. */
function zigZag(activities: readonly Placed[]): Placed[] {
  const length = (order: Placed[]) =>
    order
      .slice(1)
      .reduce((sum, a, k) => sum + Math.hypot(a.lat! - order[k]!.lat!, a.lng! - order[k]!.lng!), 0);
  const worst = permutations(activities).reduce((w, o) => (length(o) > length(w) ? o : w));
  const times = activities.map((a) => a.time).sort();
  return worst.map((a, k) => ({ ...a, time: times[k]! }));
}

test("Order this day: previewed, accepted, then already the order that travels least", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, KEYLESS, "Order Tester", freshEmail("order"));
  const { id, version } = await createTrip(page, KEYLESS, PARIS_DAY);
  // Every leg on foot (the router's table), and the day's visits in a zig-zag.
  const walking = await patchTrip(page, id, {
    version,
    travelMode: { maxWalkMinutes: 120, modes: ["walk"] },
  });
  const day = walking.itinerary.days[0]!;
  expect(day.activities.length).toBeGreaterThanOrEqual(3);
  expect(day.activities.every((a) => a.lat !== null)).toBe(true);
  const scrambled = zigZag(day.activities);
  const before = await patchTrip(page, id, {
    version: walking.version,
    itinerary: { days: [{ date: day.date, activities: scrambled }] },
  });

  await page.goto(`/trips/${id}`);
  await expect(page.getByRole("heading", { name: "Paris", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Order this day" }).click();
  const card = page.getByRole("region", { name: /^Proposed order for Day 1/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/This order travels \d+ min instead of \d+ (min|h)/);
  await expect(card.getByText("Changed").first()).toBeVisible();
  await expectAxeClean(page, "the proposed order, phone size");

  // Nothing is saved until it is accepted.
  const unsaved = await page.request.get(`/api/trips/${id}`);
  expect(((await unsaved.json()) as { trip: Saved }).trip.version).toBe(before.version);
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(card).toBeHidden();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/trips/${id}`);
      const { trip } = (await res.json()) as { trip: Saved };
      return trip.version;
    })
    .toBe(before.version + 1);
  const saved = ((await (await page.request.get(`/api/trips/${id}`)).json()) as { trip: Saved })
    .trip;
  expect(saved.itinerary.days[0]!.activities.map((a) => a.id)).not.toEqual(
    scrambled.map((a) => a.id),
  );

  // Asked again: the day is in its best order now.
  await page.getByRole("button", { name: "Order this day" }).click();
  await expect(page.getByRole("status").filter({ hasText: "already travels least" })).toHaveText(
    "This day's order already travels least.",
  );
  await expectAxeClean(page, "a day already in its best order");
  await page.getByRole("button", { name: "OK", exact: true }).click();
  await expect(page.getByRole("button", { name: "Order this day" })).toBeVisible();
});
