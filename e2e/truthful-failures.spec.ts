import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

// An Overpass that never answers: the progress says real places are being looked up, and Cancel
// gets the traveller out of it with the form as they filled it and no trip saved.
const overpassControl = `http://127.0.0.1:${stackPorts().overpass}/__fake`;

async function signUp(page: Page, baseURL: string) {
  await signUpByApi(page, baseURL, "Truthful Tester", freshEmail("truthful"));
}

test.afterEach(async ({ request }) => {
  await request.post(`${overpassControl}/failure`, { data: { kind: null } });
});

test("a hanging OpenStreetMap: the progress says so, and Cancel returns to the filled form, saving nothing", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const hang = await page.request.post(`${overpassControl}/failure`, { data: { kind: "hang" } });
  expect(hang.status()).toBe(204);

  await page.goto("/");
  // Paris, for an interest no other spec asks about: Overpass is really asked (and hangs).
  await page.getByLabel("Destination").fill("Paris");
  await page.getByLabel("Start date").fill("2027-05-04");
  await page.getByLabel("End date").fill("2027-05-06");
  await page.getByLabel("Budget (USD)").fill("900");
  await page.getByRole("checkbox", { name: "Shopping" }).check();
  await page.getByRole("button", { name: "Generate Plan" }).click();

  await expect(
    page.getByRole("status").filter({ hasText: "Finding real places in Paris…" }),
  ).toBeVisible();
  const cancel = page.getByRole("button", { name: "Cancel" });
  await expect(cancel).toBeVisible();
  await expectAxeClean(page, "finding real places");

  // Keyboard: Cancel is reachable and works with Enter.
  await cancel.focus();
  await page.keyboard.press("Enter");

  await expect(page.getByText("Finding real places in Paris…")).toHaveCount(0);
  await expect(cancel).toHaveCount(0);
  const generate = page.getByRole("button", { name: "Generate Plan" });
  await expect(generate).toBeEnabled();
  await expect(generate).toBeFocused();
  await expect(
    page.getByText("Planning cancelled. Nothing was saved; your answers are still here."),
  ).toBeVisible();
  await expect(page.getByLabel("Destination")).toHaveValue("Paris");
  await expect(page.getByLabel("Start date")).toHaveValue("2027-05-04");
  await expect(page.getByLabel("End date")).toHaveValue("2027-05-06");
  await expect(page.getByLabel("Budget (USD)")).toHaveValue("900");
  await expect(page.getByRole("checkbox", { name: "Shopping" })).toBeChecked();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectAxeClean(page, "form after cancel");

  await page.goto("/trips");
  await expect(page.getByRole("heading", { name: "My Trips", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No trips yet" })).toBeVisible();
  const res = await page.request.get("/api/trips");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { trips: unknown[] };
  expect(body.trips).toHaveLength(0);
});
