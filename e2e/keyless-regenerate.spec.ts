import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { createTrip } from "./support/trips.ts";

/*
 * Without an AI provider, "Regenerate day" reads what plain words can carry and says so in the
 * preview: "Used: …" for the wishes it understood, and that free-form instructions need an AI
 * provider otherwise. The stack's second app runs with no AI key (the keyless planner), on the same
 * loopback Overpass as the main one: real places around Paris.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(({ request }) => waitForKeyless(request));

/** One day, Wednesday 30 December 2026, for a traveller who asked for nature: parks and views. */
const OUTDOORS_DAY = {
  destination: "Paris",
  startDate: "2026-12-30",
  endDate: "2026-12-30",
  interests: ["Nature & Outdoors"],
};

const PARKS = ["Jardin du Luxembourg", "Parc des Buttes-Chaumont", "Parvis du Sacré-Cœur"];

async function propose(page: Page, instruction: string) {
  await page.getByRole("button", { name: "Regenerate day" }).click();
  await page.getByLabel("Instruction (optional)").fill(instruction);
  await page.getByRole("button", { name: "Propose a new plan" }).click();
  const card = page.getByRole("region", { name: /^Proposed new plan for Day 1/ });
  await expect(card).toBeVisible();
  return card;
}

test("keyless regenerate says which words it used, or that free text needs an AI provider", async ({
  page,
}) => {
  // Many saves and proposals on two shared cores: more than the default minute.
  test.slow();
  await signUpByApi(page, KEYLESS, "Keyless Tester", freshEmail("keyless"));
  const { id } = await createTrip(page, KEYLESS, OUTDOORS_DAY);
  await page.goto(`/trips/${id}`);
  await expect(page.getByRole("heading", { name: "Paris", level: 1 })).toBeVisible();
  // This traveller's day is outdoors before any instruction: a park or a view is on it.
  const dayList = page.getByRole("list", { name: /^Activities of Day/ });
  await expect(dayList).toContainText(new RegExp(PARKS.join("|")));

  // "rainy day, indoors": the note names what was used, and the proposed sights are indoors.
  let card = await propose(page, "rainy day, indoors");
  await expect(card.getByRole("status")).toHaveText("Used: indoors.");
  await expect(card).toContainText("Musée");
  const added = card.getByRole("listitem").filter({ hasText: /^Added/ });
  for (const park of PARKS) await expect(added.filter({ hasText: park })).toHaveCount(0);
  await expectAxeClean(page, "keyless regenerate preview");
  await card.getByRole("button", { name: "Discard" }).click();
  await expect(card).toBeHidden();

  card = await propose(page, "something cheaper");
  await expect(card.getByRole("status")).toHaveText("Used: cheaper.");
  await card.getByRole("button", { name: "Discard" }).click();

  card = await propose(page, "a more relaxed day, indoors");
  await expect(card.getByRole("status")).toHaveText("Used: indoors, fewer stops.");
  await card.getByRole("button", { name: "Discard" }).click();

  // Words it cannot carry: said plainly, and the day is still planned.
  card = await propose(page, "visit my aunt Margot");
  await expect(card.getByRole("status")).toHaveText(
    "Free-form instructions need an AI provider, so this day was planned without reading yours.",
  );
  await expect(card.getByText("Added").first()).toBeVisible();
  await card.getByRole("button", { name: "Discard" }).click();

  // No instruction, nothing to say about one.
  await page.getByRole("button", { name: "Regenerate day" }).click();
  await page.getByRole("button", { name: "Propose a new plan" }).click();
  await expect(card).toBeVisible();
  await expect(card.getByRole("status")).toHaveCount(0);

  // Accepting the indoors plan saves it: the day now holds the museum, not the park.
  await card.getByRole("button", { name: "Discard" }).click();
  card = await propose(page, "rainy day, indoors");
  await expect(card.getByRole("status")).toHaveText("Used: indoors.");
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(card).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: "All changes saved" }).first(),
  ).toBeVisible();
  await expect(dayList).toContainText("Musée");
  for (const park of PARKS) await expect(dayList).not.toContainText(park);
});
