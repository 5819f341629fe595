import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { createTrip } from "./support/trips.ts";

async function storedLengths(page: Page, id: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  const { trip } = (await res.json()) as {
    trip: { itinerary: { days: { activities: { durationMinutes: number }[] }[] } };
  };
  return trip.itinerary.days[0]!.activities.map((a) => a.durationMinutes);
}

const item = (page: Page, name: string) =>
  page
    .getByRole("list", { name: /^Activities of Day/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name }) });

test("an activity's length is edited in the form and shown on the day and in print", async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page, baseURL!, "Duration Tester", freshEmail("duration"));
  const { id } = await createTrip(page, baseURL!);
  // The fake model leaves the length out: the server estimated one for each activity.
  const estimated = await storedLengths(page, id);
  expect(estimated.every((m) => Number.isInteger(m) && m >= 5 && m <= 720)).toBe(true);

  await page.goto(`/trips/${id}`);
  const first = item(page, "Activity 1");
  await expect(first).toContainText(`09:00–`);

  await page.getByRole("button", { name: "Edit Activity 1" }).click();
  const form = page.getByRole("form", { name: "Edit Activity 1" });
  const duration = form.getByLabel("Duration (minutes)");
  await expect(duration).toHaveValue(String(estimated[0]));
  await expectAxeClean(page, "activity form with its duration");

  // Out of range: the schema's message, nothing saved.
  await duration.fill("721");
  await form.getByRole("button", { name: "Save activity" }).click();
  await expect(form.getByText("Duration must be between 5 and 720 minutes")).toBeVisible();

  await duration.fill("90");
  await form.getByRole("button", { name: "Save activity" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await expect(first).toContainText("09:00–10:30");
  await expect(first).toContainText("1 h 30 min");
  expect((await storedLengths(page, id))[0]).toBe(90);

  await page.reload();
  await expect(item(page, "Activity 1")).toContainText("09:00–10:30");

  await page.goto(`/trips/${id}/print`);
  const row = page.getByRole("row").filter({ hasText: "Activity 1" }).first();
  await expect(row).toContainText("09:00–10:30");
  await expect(row).toContainText("1 h 30 min");
});
