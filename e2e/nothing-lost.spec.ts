import { expect, test, type Browser, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { joinTrip } from "./support/companions.ts";
import { createTrip, storedTrip } from "./support/trips.ts";

// Issue 44's screens: money that settles in the trip's currency, with payments recorded and
// deleted; a deleted trip in "Recently deleted", restored whole; an expense edited by two people.

const ALICE = "Alice Owner";
const BOB = "Bob Companion";

const activityNames = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day/ }).getByRole("heading", { level: 3 });
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

/** The trip's days replaced through the API, as an edit (names and times a spec can read back). */
async function editItinerary(
  page: Page,
  baseURL: string,
  tripId: string,
  version: number,
  days: unknown[],
) {
  const res = await page.request.patch(`/api/trips/${tripId}`, {
    data: { version, itinerary: { days } },
    headers: { Origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

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

  test("a lunch moved to another day is placed by its time, before that day's dinner", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, ALICE, freshEmail("order"));
    const trip = await createTrip(page, baseURL!);
    // Day 1's 13:00 becomes a lunch at 12:30; Day 2's 17:00 a dinner at 19:30.
    const days = trip.itinerary.days.map((day, i) => ({
      ...day,
      activities: day.activities.map((a, k) =>
        i === 0 && k === 1
          ? { ...a, activity: "Lunch at Chez Janou", time: "12:30" }
          : i === 1 && k === 2
            ? { ...a, activity: "Dinner at Le Procope", time: "19:30" }
            : a,
      ),
    }));
    await editItinerary(page, baseURL!, trip.id, trip.version, days);
    await page.goto(`/trips/${trip.id}`);
    await page.getByRole("button", { name: /^Move to another day: Lunch at Chez Janou/ }).click();
    await page.getByRole("menuitem", { name: /^Day 2/ }).click();
    await expect(activityNames(page)).toHaveText(["Activity 1", "Activity 3"]);
    await saved(page);
    const moved = (await storedTrip(page, trip.id)).itinerary.days[1]!.activities;
    expect(moved.map((a) => `${a.time} ${a.activity}`)).toEqual([
      "09:00 Activity 1",
      "12:30 Lunch at Chez Janou",
      "13:00 Activity 2",
      "19:30 Dinner at Le Procope",
    ]);
  });

  test("a booked dinner beside a planned one offers to replace it, and does", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, ALICE, freshEmail("booked"));
    const trip = await createTrip(page, baseURL!);
    const [first, ...rest] = trip.itinerary.days;
    const planned = { ...first!.activities[2]!, activity: "Dinner at Le Procope", time: "19:30" };
    const booked = {
      ...planned,
      id: "0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b",
      activity: "Dinner at Septime",
      location: "Septime, Paris",
      time: "20:00",
      durationMinutes: 120,
      booked: true,
    };
    await editItinerary(page, baseURL!, trip.id, trip.version, [
      { ...first!, activities: [first!.activities[0]!, first!.activities[1]!, planned, booked] },
      ...rest,
    ]);
    await page.goto(`/trips/${trip.id}`);
    const replace = page.getByRole("button", { name: "Replace the planned dinner" });
    await expect(replace).toBeVisible();
    await expectAxeClean(page, "a booked dinner beside a planned one");
    await replace.click();
    await expect(activityNames(page)).toHaveText(["Activity 1", "Activity 2", "Dinner at Septime"]);
    await saved(page);
    expect(
      (await storedTrip(page, trip.id)).itinerary.days[0]!.activities.map((a) => a.activity),
    ).toEqual(["Activity 1", "Activity 2", "Dinner at Septime"]);
    await expect(replace).toHaveCount(0);
  });

  test("a page opened at another address of this server says where to open it", async ({
    page,
    baseURL,
  }) => {
    const site = new URL(baseURL!);
    // 127.0.0.1 is a loopback alias of localhost: accepted in development, sign-up works there.
    const alias = `http://127.0.0.1:${site.port}`;
    await page.goto(`${alias}/signup`);
    await page.getByLabel("Full name").fill("Ada Traveller");
    await page.getByLabel("Email").fill(freshEmail("alias"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText(/Signup failed|opened at/)).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/signup$/);

    // Another loopback address is not one of them: the form says where the site is.
    const other = `http://127.0.0.2:${site.port}`;
    await page.context().clearCookies();
    await page.goto(`${other}/login`);
    await page.getByLabel("Email").fill(freshEmail("other"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `This page was opened at ${other} but the site's address is ${site.origin}. Open it there.`,
    );
    await expectAxeClean(page, "login refused for its origin");
  });
});
