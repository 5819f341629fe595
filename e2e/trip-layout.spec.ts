import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { createTrip, storedTrip } from "./support/trips.ts";

// Issue 44, item 8 ("The plan first"): the trip page's first screen holds the plan, people and
// invitations sit behind one button, the phone's days are a strip, one map action per activity,
// and the assistant's button covers no control at the end of the page.

const firstActivities = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day 1/ }).getByRole("listitem");

/** The trip page once its plan and its pins are there (a new plan's pins arrive after it opens). */
async function openTrip(page: Page, baseURL: string) {
  await signUpByApi(page, baseURL, "Layout Tester", freshEmail("layout"));
  const trip = await createTrip(page, baseURL);
  await page.goto(`/trips/${trip.id}`);
  await expect(page.getByRole("heading", { name: /^Day 1/ })).toBeVisible();
  await expect(page.getByText(/^Placing \d+ activit(y|ies) on the map…$/)).toHaveCount(0, {
    timeout: 30_000,
  });
  return trip;
}

test.describe("at 1366×900", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the first day's first activity is on the first screen; people open from one button", async ({
    page,
    baseURL,
  }) => {
    const trip = await openTrip(page, baseURL!);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await firstActivities(page).first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);

    // No invitation form until asked for: one compact button opens the panel.
    await expect(page.getByRole("region", { name: "Invite people" })).toHaveCount(0);
    const people = page.getByRole("button", { name: "People", exact: true });
    await expect(people).toHaveAttribute("aria-expanded", "false");
    await people.click();
    await expect(people).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByRole("region", { name: "Invite people" }).getByLabel("Email address"),
    ).toBeVisible();
    await expectAxeClean(page, "/trips/:id at 1366×900 with people open");

    // One map action per activity: a placed one is shown, one without a pin is placed.
    const stored = await storedTrip(page, trip.id);
    const day = stored.itinerary.days[0]!;
    const [first, ...rest] = day.activities;
    const res = await page.request.patch(`/api/trips/${trip.id}`, {
      data: {
        version: stored.version,
        itinerary: {
          days: [
            { ...day, activities: [{ ...first!, location: "A friend's flat" }, ...rest] },
            ...stored.itinerary.days.slice(1),
          ],
        },
      },
      headers: { Origin: baseURL! },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.reload();
    const unplaced = firstActivities(page).first();
    await expect(unplaced.getByRole("button", { name: /^Place .* on the map$/ })).toBeVisible();
    await expect(unplaced.getByRole("button", { name: /^Show .* on the map$/ })).toHaveCount(0);
    const placed = firstActivities(page).nth(1);
    await expect(placed.getByRole("button", { name: /^Show .* on the map$/ })).toBeVisible();
    await expect(placed.getByRole("button", { name: /^Place .* on the map$/ })).toHaveCount(0);
  });
});

test.describe("on a 390×844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the first day's heading is on the first screen, the days are a strip, the assistant covers nothing at the end", async ({
    page,
    baseURL,
  }) => {
    await openTrip(page, baseURL!);
    const heading = await page.getByRole("heading", { name: /^Day 1/ }).boundingBox();
    expect(heading).not.toBeNull();
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(844);

    // The day picker: its days side by side in one row.
    const days = page.getByRole("navigation", { name: "Days" }).getByRole("button");
    const one = await days.nth(0).boundingBox();
    const two = await days.nth(1).boundingBox();
    expect(one && two).toBeTruthy();
    expect(Math.abs(one!.y - two!.y)).toBeLessThan(1);
    expect(two!.x).toBeGreaterThan(one!.x);

    // At the end of the page the assistant's round button sits over no control.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const launcher = page.getByRole("button", { name: "Open Boundless Assistant" });
    await expect(launcher).toBeVisible();
    const covered = await page.evaluate(() => {
      const button = document.querySelector('[aria-label="Open Boundless Assistant"]');
      if (!button) return ["no assistant button"];
      const r = button.getBoundingClientRect();
      const controls = document.querySelectorAll<HTMLElement>(
        "button, a[href], input, select, textarea, [role='button'], [tabindex]",
      );
      return [...controls]
        .filter((c) => c !== button && c.getClientRects().length > 0)
        .filter((c) => {
          const b = c.getBoundingClientRect();
          return b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom;
        })
        .map((c) => c.getAttribute("aria-label") ?? c.textContent?.trim() ?? c.tagName);
    });
    expect(covered).toEqual([]);
    await expectAxeClean(page, "/trips/:id on a phone");
  });
});
