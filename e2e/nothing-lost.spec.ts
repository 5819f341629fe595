import { expect, test, type Browser, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { joinTrip } from "./support/companions.ts";
import { createTrip, storedTrip } from "./support/trips.ts";

// Issue 44's screens: money that settles in the trip's currency, with payments recorded and
// deleted; a deleted trip in "Recently deleted", restored whole; an expense edited by two people.

const ALICE = "Alice Owner";
const BOB = "Bob Companion";

const moneyTab = (page: Page, tripId: string) => page.goto(`/trips/${tripId}?tab=money`);
const balances = (page: Page) => page.getByRole("region", { name: "Balances" });

async function addExpense(
  page: Page,
  baseURL: string,
  tripId: string,
  expense: { amount: number; description: string; paidBy: string; among: string[] },
) {
  const res = await page.request.post(`/api/trips/${tripId}/expenses`, {
    data: {
      amount: expense.amount,
      currency: "EUR",
      date: "2027-05-03",
      category: "food",
      description: expense.description,
      paidBy: expense.paidBy,
      split: { kind: "equal", among: expense.among },
    },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { expense: { id: string; version: number } }).expense;
}

/** Alice's Paris trip (euros) with Bob as an editor: their user ids and Bob's page. */
async function parisForTwo(page: Page, baseURL: string, browser: Browser) {
  await signUpByApi(page, baseURL, ALICE, freshEmail("alice"));
  const trip = await createTrip(page, baseURL, { destination: "Paris" });
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await joinTrip(page, bob, baseURL, trip.id, { name: BOB, role: "editor" });
  const people = await page.request.get(`/api/trips/${trip.id}/members`);
  expect(people.ok(), await people.text()).toBe(true);
  const { members } = (await people.json()) as { members: { userId: string; name: string }[] };
  const aliceId = members.find((m) => m.name === ALICE)!.userId;
  const bobId = members.find((m) => m.name === BOB)!.userId;
  return { trip, bob, bobContext, aliceId, bobId };
}

test.describe("Nothing lost, nothing false", () => {
  test("a trip in euros settles to exactly zero after the suggested payment; a payment recorded by hand and deleted", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { trip, bobContext, aliceId, bobId } = await parisForTwo(page, baseURL!, browser);
    try {
      await addExpense(page, baseURL!, trip.id, {
        amount: 84,
        description: "Dinner at Le Procope",
        paidBy: aliceId,
        among: [aliceId, bobId],
      });
      await addExpense(page, baseURL!, trip.id, {
        amount: 10.5,
        description: "Coffee",
        paidBy: bobId,
        among: [aliceId, bobId],
      });
      await moneyTab(page, trip.id);
      const transfers = balances(page)
        .getByRole("list", { name: "Transfers" })
        .getByRole("listitem");
      // In euros, exact: 42.00 − 5.25.
      await expect(transfers).toHaveText([`${BOB} pays ${ALICE} €36.75Record a payment`]);
      await expectAxeClean(page, "money tab with a suggested payment and the payment form");

      await balances(page)
        .getByRole("button", { name: `Record a payment: ${BOB} paid ${ALICE} €36.75` })
        .click();
      await expect(balances(page).getByText("Everyone is settled.")).toBeVisible();
      const payments = balances(page).getByRole("list", { name: "Payments recorded" });
      await expect(payments.getByRole("listitem")).toHaveCount(1);
      await expect(payments).toContainText(`${BOB} paid ${ALICE} €36.75`);
      // A transfer, not spending: the expenses stay two.
      await expect(page.getByText("2 expenses")).toBeVisible();

      // "Record a payment" by hand: Alice gave Bob €5.00, so Bob now owes her that.
      const form = balances(page).getByRole("form", { name: "Record a payment" });
      await expect(form.getByLabel("From")).toHaveValue(aliceId);
      await form.getByLabel("To").selectOption(bobId);
      await form.getByLabel("Amount").fill("5");
      await expect(form.getByLabel("Currency")).toHaveValue("EUR");
      await form.getByRole("button", { name: "Record payment" }).click();
      await expect(transfers).toHaveText([`${BOB} pays ${ALICE} €5.00Record a payment`]);
      await expect(form.getByLabel("Amount")).toHaveValue("");
      await expect(payments.getByRole("listitem")).toHaveCount(2);
      await expectAxeClean(page, "money tab with payments");

      // Recorded by mistake: deleted, and everyone is settled again.
      await payments
        .getByRole("button", { name: `Delete payment: ${ALICE} paid ${BOB} €5.00` })
        .click();
      await payments.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(payments.getByRole("listitem")).toHaveCount(1);
      await expect(balances(page).getByText("Everyone is settled.")).toBeVisible();
      const res = await page.request.get(`/api/trips/${trip.id}/balances`);
      const body = (await res.json()) as { currency: string; members: { net: number }[] };
      expect(body.currency).toBe("EUR");
      expect(body.members.map((m) => m.net)).toEqual([0, 0]);
    } finally {
      await bobContext.close();
    }
  });

  test("a deleted trip waits in Recently deleted, its companion shut out, and is restored whole", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { trip, bob, bobContext } = await parisForTwo(page, baseURL!, browser);
    try {
      const before = await storedTrip(page, trip.id);
      const name = (
        (await (await page.request.get(`/api/trips/${trip.id}`)).json()) as {
          trip: { name: string };
        }
      ).trip.name;
      expect((await bob.request.get(`/api/trips/${trip.id}`)).status()).toBe(200);

      await page.goto(`/trips/${trip.id}`);
      await page.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Delete Trip" }).click();
      await page
        .getByRole("dialog", { name: "Are you sure you want to delete this trip?" })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
      await expect(page).toHaveURL(/\/trips$/);
      // Bob's access ends at once.
      expect((await bob.request.get(`/api/trips/${trip.id}`)).status()).toBe(404);

      const deleted = page.getByRole("region", { name: "Recently deleted" });
      await expect(deleted.getByRole("heading", { name: name })).toBeVisible();
      await expect(page.getByRole("heading", { name: "No trips yet" })).toBeVisible();
      await expectAxeClean(page, "My Trips with a recently deleted trip");

      await deleted.getByRole("button", { name: `Restore ${name}` }).click();
      await expect(deleted).toHaveCount(0);
      await expect(page.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
      // Whole: the same plan, and Bob is back in it.
      const after = await storedTrip(page, trip.id);
      expect(after.itinerary).toEqual(before.itinerary);
      expect((await bob.request.get(`/api/trips/${trip.id}`)).status()).toBe(200);
    } finally {
      await bobContext.close();
    }
  });

  test("two people editing one expense: different fields both kept, the same field asked", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { trip, bob, bobContext, aliceId, bobId } = await parisForTwo(page, baseURL!, browser);
    try {
      const dinner = await addExpense(page, baseURL!, trip.id, {
        amount: 84,
        description: "Dinner",
        paidBy: aliceId,
        among: [aliceId, bobId],
      });
      await moneyTab(bob, trip.id);
      const item = bob.getByRole("list", { name: "Expenses" }).getByRole("listitem").first();
      await item.getByRole("button", { name: "Edit Dinner" }).click();
      await item.getByLabel("Amount").fill("90");

      // Alice changes the description meanwhile (from version 1, as Bob's form).
      const url = `/api/trips/${trip.id}/expenses/${dinner.id}`;
      const headers = { Origin: baseURL! };
      const byAlice = await page.request.patch(url, {
        data: { version: 1, description: "Dinner at Le Procope" },
        headers,
      });
      expect(byAlice.status()).toBe(200);
      await expect(item.getByLabel("Description")).toHaveValue("Dinner at Le Procope");
      await expect(item.getByLabel("Amount")).toHaveValue("90");
      await item.getByRole("button", { name: "Save expense" }).click();
      await expect(item).toContainText("€90.00");
      await expect(item.getByRole("heading", { name: "Dinner at Le Procope" })).toBeVisible();

      // The same field: Bob's typed amount stays, and he is asked.
      await item.getByRole("button", { name: "Edit Dinner at Le Procope" }).click();
      await item.getByLabel("Amount").fill("95");
      const byAliceAgain = await page.request.patch(url, {
        data: { version: 3, amount: 92 },
        headers,
      });
      expect(byAliceAgain.status()).toBe(200);
      const note = item.getByRole("alert").filter({ hasText: "You both changed the amount" });
      await expect(note).toBeVisible();
      await expect(item.getByLabel("Amount")).toHaveValue("95");
      await expectAxeClean(bob, "an expense changed by both");
      await note.getByRole("button", { name: "Keep mine" }).click();
      await item.getByRole("button", { name: "Save expense" }).click();
      await expect(item).toContainText("€95.00");
      const list = (await (await page.request.get(`/api/trips/${trip.id}/expenses`)).json()) as {
        expenses: { amount: number; description: string }[];
      };
      expect(list.expenses[0]).toMatchObject({ amount: 95, description: "Dinner at Le Procope" });
    } finally {
      await bobContext.close();
    }
  });
});
