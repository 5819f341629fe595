import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { keyboardMove } from "./support/keyboard-drag.ts";
import { createTrip } from "./support/trips.ts";

type StoredTrip = {
  itinerary: { days: { activities: { activity: string; time: string }[] }[] };
};
async function firstDay(page: Page, id: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  const trip = ((await res.json()) as { trip: StoredTrip }).trip;
  return trip.itinerary.days[0]!.activities.map((a) => `${a.time} ${a.activity}`);
}

const activities = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day/ }).getByRole("heading", { level: 3 });
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test.describe("Editor: order by time and keyboard focus", () => {
  test("an added or re-timed activity takes its place by time; focus returns to it", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Order Tester", freshEmail("order-focus"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);

    // Keyboard only: the last activity becomes a 19:30 dinner.
    await button(page, "Edit Activity 3").focus();
    await page.keyboard.press("Enter");
    const edit = page.getByRole("form", { name: "Edit Activity 3" });
    await expect(edit.getByLabel("Activity")).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Dinner");
    await edit.getByLabel("Time").focus();
    await page.keyboard.type("0730PM");
    await edit.getByRole("button", { name: "Save activity" }).focus();
    await page.keyboard.press("Enter");
    await saved(page);
    await expect(button(page, "Edit Dinner")).toBeFocused();

    // A 17:30 activity lands before the 19:30 dinner, and focus goes to it.
    await button(page, "Add activity").focus();
    await page.keyboard.press("Enter");
    const add = page.getByRole("form", { name: /^New activity on Day 1/ });
    await add.getByLabel("Time").focus();
    await page.keyboard.type("0530PM");
    await add.getByLabel("Activity").focus();
    await page.keyboard.type("Sunset walk");
    await add.getByLabel("Location").focus();
    await page.keyboard.type("Miradouro");
    await add.getByRole("button", { name: "Add to day" }).focus();
    await page.keyboard.press("Enter");
    await expect(activities(page)).toHaveText([
      "Activity 1",
      "Activity 2",
      "Sunset walk",
      "Dinner",
    ]);
    await saved(page);
    await expect(button(page, "Edit Sunset walk")).toBeFocused();
    expect(await firstDay(page, id)).toEqual([
      "09:00 Activity 1",
      "13:00 Activity 2",
      "17:30 Sunset walk",
      "19:30 Dinner",
    ]);

    // A new time moves an activity to its place; focus follows it.
    await button(page, "Edit Activity 1").focus();
    await page.keyboard.press("Enter");
    const retime = page.getByRole("form", { name: "Edit Activity 1" });
    await retime.getByLabel("Time").focus();
    await page.keyboard.type("0200PM");
    await retime.getByRole("button", { name: "Save activity" }).focus();
    await page.keyboard.press("Enter");
    await expect(activities(page)).toHaveText([
      "Activity 2",
      "Activity 1",
      "Sunset walk",
      "Dinner",
    ]);
    await saved(page);
    await expect(button(page, "Edit Activity 1")).toBeFocused();
    await expect(button(page, "Sort by time")).toHaveCount(0);

    // Cancel (Escape) also returns focus to the activity.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "Edit Activity 1" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button(page, "Edit Activity 1")).toBeFocused();
    await expectAxeClean(page, "editor after ordered edits");
  });

  test("a moved activity is offered a time that fits; accepting it saves that time", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Order Tester", freshEmail("order-focus"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await keyboardMove(page, "Activity 1", 1, 2);
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 1", "Activity 3"]);
    await saved(page);

    // Between 13:00 and 17:00: the middle.
    const use = page.getByRole("button", { name: "Use 15:00 for Activity 1" });
    await expect(use).toBeVisible();
    await expect(button(page, "Sort by time")).toBeVisible();
    await expectAxeClean(page, "a fitting time offered");
    await use.focus();
    await page.keyboard.press("Enter");
    await saved(page);
    await expect(use).toHaveCount(0);
    await expect(button(page, "Sort by time")).toHaveCount(0);
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 1", "Activity 3"]);
    expect(await firstDay(page, id)).toEqual([
      "13:00 Activity 2",
      "15:00 Activity 1",
      "17:00 Activity 3",
    ]);

    // At the end of the day: 30 minutes after the one before.
    await keyboardMove(page, "Activity 2", 1, 3);
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 3", "Activity 2"]);
    await expect(page.getByRole("button", { name: "Use 17:30 for Activity 2" })).toBeVisible();
  });

  test("a day whose times run backwards can be sorted by time, undoably; print follows", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Order Tester", freshEmail("order-focus"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(button(page, "Sort by time")).toHaveCount(0);
    await keyboardMove(page, "Activity 3", 3, 1);
    await expect(activities(page)).toHaveText(["Activity 3", "Activity 1", "Activity 2"]);
    await saved(page);

    const sort = button(page, "Sort by time");
    await sort.focus();
    await page.keyboard.press("Enter");
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);
    await saved(page);
    await expect(sort).toHaveCount(0);
    expect(await firstDay(page, id)).toEqual([
      "09:00 Activity 1",
      "13:00 Activity 2",
      "17:00 Activity 3",
    ]);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(activities(page)).toHaveText(["Activity 3", "Activity 1", "Activity 2"]);
    await saved(page);
    await expect(sort).toBeVisible();

    // Print shows the day in its stored order.
    await page.goto(`/trips/${id}/print`);
    await expect(
      page.getByRole("table").first().locator("tbody tr").locator("p.font-semibold"),
    ).toHaveText(["Activity 3", "Activity 1", "Activity 2"]);
    await page.goto(`/trips/${id}`);
    await button(page, "Sort by time").click();
    await saved(page);
    await page.goto(`/trips/${id}/print`);
    await expect(
      page.getByRole("table").first().locator("tbody tr").locator("p.font-semibold"),
    ).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);
  });

  test("after removing an activity focus goes to its neighbour, then Add activity", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Order Tester", freshEmail("order-focus"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await button(page, "Remove Activity 2").focus();
    await page.keyboard.press("Enter");
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 3"]);
    await saved(page);
    await expect(button(page, "Edit Activity 3")).toBeFocused();

    // The last one: the one before it.
    await button(page, "Remove Activity 3").focus();
    await page.keyboard.press("Enter");
    await saved(page);
    await expect(button(page, "Edit Activity 1")).toBeFocused();

    // None left: the day's Add activity.
    await button(page, "Remove Activity 1").focus();
    await page.keyboard.press("Enter");
    await saved(page);
    await expect(button(page, "Add activity")).toBeFocused();
    expect(await firstDay(page, id)).toEqual([]);
    await expectAxeClean(page, "empty day after removals");
  });
});
