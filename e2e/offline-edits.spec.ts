import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { createTrip } from "./support/trips.ts";

type StoredTrip = {
  version: number;
  destination: string;
  startDate: string;
  endDate: string;
  budget: number;
  travelStyle: string;
  interests: string[];
  itinerary: { days: { date: string; activities: { activity: string; time: string }[] }[] };
};
async function storedTrip(page: Page, id: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { trip: StoredTrip }).trip;
}
const firstDay = async (page: Page, id: string) =>
  (await storedTrip(page, id)).itinerary.days[0]!.activities.map((a) => `${a.time} ${a.activity}`);

const activities = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day/ }).getByRole("heading", { level: 3 });
const status = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

async function rename(page: Page, from: string, to: string) {
  await button(page, `Edit ${from}`).click();
  const form = page.getByRole("form", { name: `Edit ${from}` });
  await form.getByLabel("Activity").fill(to);
  await form.getByRole("button", { name: "Save activity" }).click();
}

test.describe("Editing offline", () => {
  test("edits made offline wait in the tab, in order, and are saved when the connection returns", async ({
    page,
    context,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Offline Editor", freshEmail("offline-edits"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);

    await context.setOffline(true);
    await expect(page.getByText("You are offline.")).toBeVisible();
    // A new activity, then an edit of that same activity (it has no id from the server yet).
    await button(page, "Add activity").click();
    const add = page.getByRole("form", { name: /^New activity on Day 1/ });
    await add.getByLabel("Time").fill("17:30");
    await add.getByLabel("Activity").fill("Sunset walk");
    await add.getByLabel("Location").fill("Miradouro");
    await add.getByRole("button", { name: "Add to day" }).click();
    await rename(page, "Sunset walk", "Sunset stroll");
    await status(page, "Offline — 2 changes waiting");
    await expect(activities(page)).toHaveText([
      "Activity 1",
      "Activity 2",
      "Activity 3",
      "Sunset stroll",
    ]);

    await button(page, "Remove Activity 2").click();
    await status(page, "Offline — 3 changes waiting");
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 3", "Sunset stroll"]);
    // Nothing has reached the server.
    expect(await firstDay(page, id)).toEqual([
      "09:00 Activity 1",
      "13:00 Activity 2",
      "17:00 Activity 3",
    ]);
    await expectAxeClean(page, "edits waiting offline");

    await context.setOffline(false);
    await status(page, "All changes saved");
    expect(await firstDay(page, id)).toEqual([
      "09:00 Activity 1",
      "17:00 Activity 3",
      "17:30 Sunset stroll",
    ]);
    await page.reload();
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 3", "Sunset stroll"]);
    await expect(page.getByText(/changes? waiting/)).toHaveCount(0);
  });

  test("a change that waited meets one saved elsewhere to the same activity: the conflict is shown and nothing is lost", async ({
    page,
    context,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Offline Editor", freshEmail("offline-edits"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);

    await context.setOffline(true);
    await rename(page, "Activity 1", "Breakfast");
    await status(page, "Offline — 1 change waiting");

    // Meanwhile another tab changes the same activity (a change to another one would merge).
    const elsewhere = await storedTrip(page, id);
    const { version, destination, startDate, endDate, budget, travelStyle, interests } = elsewhere;
    const days = elsewhere.itinerary.days.map((day, i) =>
      i === 0
        ? {
            ...day,
            activities: day.activities.map((a) =>
              a.activity === "Activity 1" ? { ...a, activity: "Brunch" } : a,
            ),
          }
        : day,
    );
    const patched = await page.request.patch(`/api/trips/${id}`, {
      data: {
        version,
        destination,
        startDate,
        endDate,
        budget,
        travelStyle,
        interests,
        itinerary: { days },
      },
      headers: { Origin: baseURL! },
    });
    expect(patched.ok(), await patched.text()).toBe(true);

    await context.setOffline(false);
    const conflict = page
      .getByRole("alert")
      .filter({ hasText: "This trip was changed somewhere else" });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText("Your change “Edit activity” was not saved.");
    // The latest version is shown; the waiting change is kept to reapply.
    await expect(activities(page)).toHaveText(["Brunch", "Activity 2", "Activity 3"]);
    await expect(page.getByText(/changes? waiting/)).toHaveCount(0);
    await conflict.getByRole("button", { name: "Reapply my change" }).click();
    await status(page, "All changes saved");
    await expect(activities(page)).toHaveText(["Breakfast", "Activity 2", "Activity 3"]);
    expect(await firstDay(page, id)).toEqual([
      "09:00 Breakfast",
      "13:00 Activity 2",
      "17:00 Activity 3",
    ]);
  });

  test("a save that cannot reach the server waits, survives a reload of the tab, and goes with the next save", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Offline Editor", freshEmail("offline-edits"));
    const { id } = await createTrip(page, baseURL!);
    // The browser believes it is online, but the server cannot be reached for saves.
    await page.route(`**/api/trips/${id}`, (route) =>
      route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.fallback(),
    );
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);

    await rename(page, "Activity 1", "Breakfast");
    await status(page, "Offline — 1 change waiting");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await button(page, "Remove Activity 2").click();
    await status(page, "Offline — 2 changes waiting");

    await page.reload();
    await expect(activities(page)).toHaveText(["Breakfast", "Activity 3"]);
    await status(page, "Offline — 2 changes waiting");

    await page.unrouteAll();
    await rename(page, "Activity 3", "Museum");
    await status(page, "All changes saved");
    expect(await firstDay(page, id)).toEqual(["09:00 Breakfast", "17:00 Museum"]);
  });
});
