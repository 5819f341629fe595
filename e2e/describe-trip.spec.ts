import { expect, test } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";

/*
 * "Describe your trip" on Home (issue 48), on a phone: a sentence fills the plan form and lists
 * what was understood, nothing is planned until the plan button; a sentence it cannot read leaves
 * the form as it was, with a message saying what was missing.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(({ request }) => waitForKeyless(request));

test("a described trip fills the form, an unreadable one leaves it untouched", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpByApi(page, KEYLESS, "Sentence Tester", freshEmail("describe"));
  await page.goto("/");

  const sentence = page.getByLabel("Your trip in a sentence");
  await sentence.fill("A trip to Lisbon, June 2 to 5, 2031, budget $1,500");
  await page.getByRole("button", { name: "Fill the form" }).click();
  await expect(page.getByRole("status").filter({ hasText: "What I understood" })).toContainText(
    "Budget: $1,500",
  );
  await expect(page.getByLabel("Destination")).toHaveValue("Lisbon");
  await expect(page.getByLabel("Start date")).toHaveValue("2031-06-02");
  await expect(page.getByLabel("End date")).toHaveValue("2031-06-05");
  await expect(page.getByLabel("Budget (USD)")).toHaveValue("1500");
  // Nothing planned: still on Home, no trip made.
  await expect(page).toHaveURL(/\/$/);
  const trips = await page.request.get("/api/trips");
  expect(((await trips.json()) as { trips: unknown[] }).trips).toHaveLength(0);
  await expectAxeClean(page, "Home with a described trip");

  // Two cities: the list of cities with the nights shared.
  await sentence.fill(
    "From Boston to Paris and Lyon, May 3–10, 2031, four of us, $6,000, an entire home that allows our dog, French and Italian food, no flights",
  );
  await page.getByRole("button", { name: "Fill the form" }).click();
  await expect(page.getByRole("textbox", { name: "City 1" })).toHaveValue("Paris");
  await expect(page.getByRole("textbox", { name: "City 2" })).toHaveValue("Lyon");
  await expect(page.getByLabel("Budget (USD)")).toHaveValue("6000");
  // The whole trip's fields (issue 47) show what was read.
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue("Boston");
  await expect(page.getByRole("spinbutton", { name: "Travellers" })).toHaveValue("4");
  await expect(page.getByRole("combobox", { name: "Where to stay" })).toHaveValue("entire-home");
  const allow = page.getByRole("group", { name: "The place must allow" });
  await expect(allow.getByRole("checkbox", { name: "pets" })).toBeChecked();
  await expect(allow.getByRole("checkbox", { name: "children under 10" })).not.toBeChecked();
  const food = page.getByRole("group", { name: "Food we'd like" });
  for (const cuisine of ["French", "Italian"])
    await expect(food.getByRole("button", { name: cuisine })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  await expect(food.getByRole("button", { name: "Chinese" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  const avoid = page.getByRole("group", { name: "Avoid" });
  await expect(avoid.getByRole("checkbox", { name: "flights" })).toBeChecked();
  await expectAxeClean(page, "Home with a described whole trip");

  // Unreadable: the message, the form as it was.
  await sentence.fill("somewhere warm please");
  await page.getByRole("button", { name: "Fill the form" }).click();
  await expect(page.getByRole("alert")).toContainText("I could not tell where you are going");
  await expect(page.getByRole("textbox", { name: "City 1" })).toHaveValue("Paris");
  await expect(page.getByLabel("Budget (USD)")).toHaveValue("6000");
  await expectAxeClean(page, "Home after an unreadable description");
});
