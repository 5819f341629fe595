import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

const fakeModel = `http://127.0.0.1:${stackPorts().ai}/__fake`;

async function signUp(page: Page) {
  await signUpByApi(page, test.info().project.use.baseURL ?? "", "Planner", freshEmail("planner"));
}

async function fillForm(page: Page, endDate: string) {
  await page.getByLabel("Destination").fill("Kyoto, Japan");
  await page.getByLabel("Start date").fill("2027-04-10");
  await page.getByLabel("End date").fill(endDate);
  await page.getByLabel("Budget (USD)").fill("1200");
  await page.getByRole("radio", { name: "Budget" }).check();
  await page.getByRole("checkbox", { name: "Food & Dining" }).check();
  await page.getByRole("checkbox", { name: "History" }).check();
}

test.afterEach(async ({ request }) => {
  await request.post(`${fakeModel}/reset`);
  await request.post(`${fakeModel}/enqueue`, {
    data: { replies: [], tokensPerSecond: 1e9, firstTokenMs: 0 },
  });
});

test("plan a trip from Home: days appear as they are generated, then the trip opens", async ({
  page,
  request,
}) => {
  // A model that writes at a human-visible pace, so the days arrive one after another.
  await request.post(`${fakeModel}/enqueue`, { data: { replies: [], tokensPerSecond: 150 } });
  await signUp(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Plan Your Perfect Trip" })).toBeVisible();
  for (const blurb of ["Smart Itineraries", "Local Insights", "Real-Time Planning"])
    await expect(page.getByRole("heading", { name: blurb })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Comfort" })).toBeChecked();
  await expectAxeClean(page, "home form");

  await fillForm(page, "2027-04-16");
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByRole("button", { name: "Generating Plan..." })).toBeDisabled();
  await expect(page.getByText(/^[0-6] of 7 days ready$/)).toBeVisible();
  // Days are dated as on the trip page ("Sat, Apr 10"), never as raw ISO dates.
  await expect(page.getByText("· Sat, Apr 10")).toBeVisible();
  await expect(page.getByText(/2027-04-1\d/)).toHaveCount(0);
  await expect(page.getByText("Theme 1")).toBeVisible();
  await expect(page.getByText("Activity 1").first()).toBeVisible();
  await expectAxeClean(page, "generation in progress");

  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const tripId = page.url().split("/").at(-1) ?? "";
  const saved = await page.request.get(`/api/trips/${tripId}`);
  expect(saved.status()).toBe(200);
  const { trip } = (await saved.json()) as {
    trip: { travelStyle: string; interests: string[]; itinerary: { days: unknown[] } };
  };
  expect(trip.travelStyle).toBe("budget");
  expect(trip.interests).toEqual(["Food & Dining", "History"]);
  expect(trip.itinerary.days).toHaveLength(7);

  // ?tripId= prefills the form from the user's own trip.
  await page.goto(`/?tripId=${tripId}`);
  await expect(page.getByLabel("Destination")).toHaveValue("Kyoto, Japan");
  await expect(page.getByLabel("End date")).toHaveValue("2027-04-16");
  await expect(page.getByRole("radio", { name: "Budget" })).toBeChecked();
});

test("a failing model keeps the form filled and shows the error", async ({ page, request }) => {
  await request.post(`${fakeModel}/enqueue`, {
    data: { replies: [{ kind: "content", content: "" }] },
  });
  await signUp(page);
  await page.goto("/");
  await fillForm(page, "2027-04-11");
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByRole("alert")).toHaveText("No content in response");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/days ready/)).toBeHidden();
  await expect(page.getByLabel("Destination")).toHaveValue("Kyoto, Japan");
  await expect(page.getByLabel("Start date")).toHaveValue("2027-04-10");
  await expect(page.getByLabel("End date")).toHaveValue("2027-04-11");
  await expect(page.getByLabel("Budget (USD)")).toHaveValue("1200");
  await expect(page.getByRole("radio", { name: "Budget" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "History" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Generate Plan" })).toBeEnabled();
  await expectAxeClean(page, "generation error");
});

test("validation errors show in red under their fields", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Start date").fill("2027-04-10");
  await page.getByLabel("End date").fill("2027-04-01");
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByText("Destination is required")).toBeVisible();
  await expect(page.getByText("End date cannot be before start date")).toBeVisible();
  await expect(page.getByText("Budget is required")).toBeVisible();
  await expect(page.getByLabel("Destination")).toHaveAttribute("aria-invalid", "true");
  await expectAxeClean(page, "validation errors");

  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a signed-out visitor is asked to log in and finds the form filled on return", async ({
  page,
}) => {
  await page.goto("/");
  await fillForm(page, "2027-04-12");
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByRole("alert")).toContainText("to generate your plan");
  await expect(page.getByRole("link", { name: "log in" })).toHaveAttribute(
    "href",
    "/login?from=%2F",
  );
  await page.goto("/about");
  await page.goto("/");
  await expect(page.getByLabel("Destination")).toHaveValue("Kyoto, Japan");
  await expect(page.getByLabel("End date")).toHaveValue("2027-04-12");
  await expect(page.getByLabel("Budget (USD)")).toHaveValue("1200");
  await expect(page.getByRole("checkbox", { name: "Food & Dining" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Budget" })).toBeChecked();
});
