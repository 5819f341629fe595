import { expect, test, type Browser, type Page, type Route } from "@playwright/test";
import { PASSWORD, freshEmail, mailLink, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { joinTrip } from "./support/companions.ts";
import { createTrip, nameFirstDay, storedTrip } from "./support/trips.ts";

const ALICE = "Alice Owner";
const BOB = "Bob Companion";
const DAY_ONE = ["Tile museum", "Lunch at Chez Janou", "Sunset at Miradouro"];

const activities = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day/ }).getByRole("heading", { level: 3 });
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
/** The polite line that says someone else's change, word for word. */
const announced = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toHaveText(text);
const hereNow = (page: Page) => page.getByRole("region", { name: "Here now" });

type Marked = Window & { sameDocument?: boolean };
/** Marks the page's document: a reload would lose the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => void ((window as Marked).sameDocument = true));
const stillSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);

/**
 * Alice (this test's page) owns a Lisbon trip whose first day is DAY_ONE; Bob, in a browser context
 * of his own, is its editor. Both have the trip open on day 1.
 */
async function aliceAndBob(alice: Page, browser: Browser, baseURL: string) {
  await signUpByApi(alice, baseURL, ALICE, freshEmail("alice"));
  const trip = await nameFirstDay(alice, baseURL, await createTrip(alice, baseURL), DAY_ONE);
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await joinTrip(alice, bob, baseURL, trip.id, { name: BOB, role: "editor" });
  await alice.goto(`/trips/${trip.id}`);
  await bob.goto(`/trips/${trip.id}`);
  // The first paint of the editor, on a machine shared with other suites, can take longer than
  // the usual wait; the live changes checked afterwards keep the usual one.
  await expect(activities(alice)).toHaveText(DAY_ONE, { timeout: 30_000 });
  await expect(activities(bob)).toHaveText(DAY_ONE, { timeout: 30_000 });
  return { bob, bobContext, tripId: trip.id };
}

test.describe("Travel together", () => {
  test("Alice invites Bob, who is signed out: he signs up, verifies and accepts", async ({
    page,
    baseURL,
    browser,
  }) => {
    // Two browsers, two sign-ups and four axe runs on a shared two-core machine.
    test.slow();
    const alice = freshEmail("alice");
    const bob = freshEmail("bob");
    await signUpByApi(page, baseURL!, "Alice Owner", alice);
    const tripId = (await createTrip(page, baseURL!)).id;

    await page.goto(`/trips/${tripId}`);
    // People and invitations open from one button (the plan comes first).
    await page.getByRole("button", { name: "People", exact: true }).click();
    const people = page.getByRole("region", { name: "Invite people" });
    await people.getByLabel("Email address").fill(bob);
    await people.getByLabel("Role").selectOption("editor");
    await people.getByRole("button", { name: "Send invite" }).click();
    await expect(people.getByText(`Invitation sent to ${bob}.`)).toBeVisible();
    await expect(
      people.getByRole("button", { name: `Revoke the invitation to ${bob}` }),
    ).toBeVisible();
    await expectAxeClean(page, "/trips/:id with Invite people");

    const link = await mailLink(page.request, bob, 1);
    expect(new URL(link).pathname).toMatch(/^\/invites\/[A-Za-z0-9_-]{43}$/);

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    try {
      await bobPage.goto(new URL(link).pathname);
      await expect(bobPage.getByText(/Alice Owner invites you to/)).toBeVisible();
      await expect(bobPage.getByText(/as editor\./)).toBeVisible();
      await expectAxeClean(bobPage, "/invites/:token signed out");
      await bobPage.getByRole("link", { name: "Sign up to accept" }).click();
      await expect(bobPage.getByLabel("Email")).toHaveValue(bob);
      await bobPage.getByLabel("Full name").fill("Bob Companion");
      await bobPage.getByLabel("Password").fill(PASSWORD);
      await bobPage.getByRole("button", { name: "Sign Up" }).click();
      await expect(bobPage).toHaveURL(new RegExp(`${new URL(link).pathname}$`));

      // Not verified yet: the invitation says so, and the verification mail is on its way.
      await bobPage.getByRole("button", { name: "Accept" }).click();
      await expect(bobPage.getByRole("alert")).toHaveText(
        "Verify your e-mail address to accept this invitation",
      );
      const verify = await mailLink(page.request, bob, 2);
      const mailTab = await bobContext.newPage();
      await mailTab.goto(verify);
      // Verified, the link's own tab goes back to the invitation Bob signed up from.
      await expect(mailTab).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
      await expect(mailTab.getByRole("button", { name: "Accept" })).toBeVisible();
      await mailTab.close();

      await bobPage.getByRole("button", { name: "Accept" }).click();
      await expect(bobPage).toHaveURL(new RegExp(`/trips/${tripId}$`));
      await expect(bobPage.getByText("Shared by Alice Owner")).toBeVisible();
      // An editor gets the editor: its actions menu offers Edit details, and no Delete Trip.
      await bobPage.getByRole("button", { name: "More actions" }).click();
      await expect(bobPage.getByRole("menuitem", { name: "Edit details" })).toBeVisible();
      await expect(bobPage.getByRole("menuitem", { name: "Delete Trip" })).toHaveCount(0);
      await bobPage.keyboard.press("Escape");

      // Alice sees Bob among the members, with a role menu.
      await page.reload();
      await page.getByRole("button", { name: "People", exact: true }).click();
      await expect(people.getByLabel("Role of Bob Companion")).toHaveValue("editor");
    } finally {
      await bobContext.close();
    }
  });

  test("a viewer sees the plan without edit controls, and finds it under Shared with me", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    await signUpByApi(page, baseURL!, "Alice Owner", freshEmail("alice"));
    const tripId = (await createTrip(page, baseURL!)).id;

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    try {
      await joinTrip(page, bobPage, baseURL!, tripId, { name: "Bob Viewer", role: "viewer" });

      await bobPage.goto(`/trips/${tripId}`);
      await expect(bobPage.getByText("You can view this trip", { exact: true })).toBeVisible();
      await expect(bobPage.getByText("Shared by Alice Owner")).toBeVisible();
      await expect(bobPage.getByRole("heading", { name: /^Day 1/ })).toBeVisible();
      for (const name of [
        /Edit details/,
        /More actions/,
        /Delete/,
        /Share Trip/,
        /Add activity/,
        /Regenerate/,
      ])
        await expect(bobPage.getByRole("button", { name })).toHaveCount(0);
      await bobPage.getByRole("button", { name: "People", exact: true }).click();
      await expect(bobPage.getByRole("button", { name: "Leave trip" })).toBeVisible();
      await expectAxeClean(bobPage, "/trips/:id as a viewer");

      await bobPage.goto("/trips");
      await bobPage.getByLabel("Show").selectOption("shared");
      await expect(bobPage).toHaveURL(/role=shared/);
      await expect(bobPage.getByText("Shared by Alice Owner")).toBeVisible();
      await expectAxeClean(bobPage, "/trips?role=shared");
    } finally {
      await bobContext.close();
    }
  });

  test("Alice moves an activity: Bob's open page follows without a reload, announced, and each sees the other here", async ({
    page: alice,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { bob, bobContext, tripId } = await aliceAndBob(alice, browser, baseURL!);
    try {
      // "Here now": the other person's face (initials, named), never one's own.
      await expect(hereNow(bob).getByRole("img", { name: ALICE })).toHaveText("AO");
      await expect(hereNow(bob).getByRole("listitem")).toHaveCount(1);
      await expect(hereNow(alice).getByRole("img", { name: BOB })).toHaveText("BC");
      await expect(hereNow(alice).getByRole("listitem")).toHaveCount(1);
      // The owner's people panel (Bob listed with his role menu), opened from its button.
      await alice.getByRole("button", { name: "People", exact: true }).click();
      await expect(
        alice.getByRole("region", { name: "Invite people" }).getByLabel(`Role of ${BOB}`),
      ).toHaveValue("editor");
      await expectAxeClean(alice, "/trips/:id with the people panel and Here now");
      await expectAxeClean(bob, "/trips/:id as an editor with Here now");

      await markDocument(bob);
      await alice
        .getByRole("button", { name: /^Move to another day: Lunch at Chez Janou/ })
        .click();
      await alice.getByRole("menuitem", { name: /^Day 2/ }).click();
      await saved(alice);

      await expect(activities(bob)).toHaveText(["Tile museum", "Sunset at Miradouro"]);
      // 4 May 2027 is a Tuesday: day 2 of the trip.
      await announced(bob, `${ALICE} moved “Lunch at Chez Janou” to Tue 4 May`);
      await stillSameDocument(bob);
      // One's own change is not news on one's own page.
      await expect(alice.getByRole("status").filter({ hasText: "moved" })).toHaveCount(0);
      await bob
        .getByRole("navigation", { name: "Days" })
        .getByRole("button", { name: /^Day 2/ })
        .click();
      // In its place by time on that day, not at its end.
      const trip = await storedTrip(bob, tripId);
      const day2 = trip.itinerary.days[1]!.activities;
      expect(day2.map((a) => a.activity)).toContain("Lunch at Chez Janou");
      expect(day2.map((a) => a.time)).toEqual(day2.map((a) => a.time).toSorted());
      await expect(activities(bob)).toHaveText(day2.map((a) => a.activity));

      // Bob leaves: Alice's Here now empties.
      await bobContext.close();
      await expect(hereNow(alice)).toHaveCount(0);
    } finally {
      await bobContext.close();
    }
  });

  test("Alice changes the activity Bob is editing: he keeps his own, and it is saved", async ({
    page: alice,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { bob, bobContext, tripId } = await aliceAndBob(alice, browser, baseURL!);
    try {
      await bob.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
      // Its title follows the activity's saved name, which Alice is about to change.
      const form = bob.getByRole("form", { name: /^Edit / });
      await form.getByLabel("Activity").fill("Tiles with Bob");
      await form.getByLabel("Description").fill("Bob booked the guided tour");

      await alice.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
      const aliceForm = alice.getByRole("form", { name: "Edit Tile museum" });
      await aliceForm.getByLabel("Activity").fill("Azulejo museum");
      await aliceForm.getByLabel("Time").fill("10:30");
      await aliceForm.getByRole("button", { name: "Save activity" }).click();
      await saved(alice);

      const note = form
        .getByRole("alert")
        .filter({ hasText: `${ALICE} changed this activity while you were editing` });
      await expect(note).toBeVisible();
      await expect(form).toHaveAccessibleName("Edit Azulejo museum");
      // Nothing of Bob's was overwritten.
      await expect(form.getByLabel("Activity")).toHaveValue("Tiles with Bob");
      await expect(form.getByLabel("Description")).toHaveValue("Bob booked the guided tour");
      // Alice's time, a field Bob never touched, is taken in: only the name is asked about.
      await expect(form.getByLabel("Time")).toHaveValue("10:30");
      await expect(note).toContainText("You both changed the name");
      await expectAxeClean(bob, "changed while editing, by another person");

      await note.getByRole("button", { name: "Keep mine" }).click();
      await expect(note).toHaveCount(0);
      await expect(form.getByLabel("Activity")).toHaveValue("Tiles with Bob");
      await form.getByRole("button", { name: "Save activity" }).click();
      await saved(bob);

      // Bob's form, as he kept it, is what is saved; Alice's page follows.
      const first = (await storedTrip(alice, tripId)).itinerary.days[0]!.activities[0]!;
      expect(first).toMatchObject({
        activity: "Tiles with Bob",
        description: "Bob booked the guided tour",
        time: "10:30",
      });
      await expect(activities(alice)).toHaveText([
        "Tiles with Bob",
        "Lunch at Chez Janou",
        "Sunset at Miradouro",
      ]);
      await announced(alice, `${BOB} changed “Tiles with Bob”`);
    } finally {
      await bobContext.close();
    }
  });

  test("Alice changes another activity while Bob's form is open: it is left alone; then his own, and he takes hers", async ({
    page: alice,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { bob, bobContext, tripId } = await aliceAndBob(alice, browser, baseURL!);
    try {
      await bob.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
      const form = bob.getByRole("form", { name: /^Edit / });
      await form.getByLabel("Activity").fill("Tiles with Bob");
      await form.getByLabel("Cost (USD)").fill("12");

      // A change to another activity: the page follows, the open form stays as Bob left it.
      await alice.getByRole("button", { name: "Edit Sunset at Miradouro", exact: true }).click();
      const sunset = alice.getByRole("form", { name: "Edit Sunset at Miradouro" });
      await sunset.getByLabel("Activity").fill("Sunset at Graça");
      await sunset.getByRole("button", { name: "Save activity" }).click();
      await saved(alice);
      await announced(bob, `${ALICE} changed “Sunset at Graça”`);
      await expect(activities(bob).last()).toHaveText("Sunset at Graça");
      await expect(form).toHaveAccessibleName("Edit Tile museum");
      await expect(form.getByLabel("Activity")).toHaveValue("Tiles with Bob");
      await expect(form.getByLabel("Cost (USD)")).toHaveValue("12");
      await expect(form.getByRole("alert")).toHaveCount(0);

      // Then Alice changes the very activity Bob has open.
      await alice.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
      const tiles = alice.getByRole("form", { name: "Edit Tile museum" });
      await tiles.getByLabel("Activity").fill("Azulejo museum");
      await tiles.getByLabel("Time").fill("10:30");
      await tiles.getByRole("button", { name: "Save activity" }).click();
      await saved(alice);
      const alicesFirst = (await storedTrip(alice, tripId)).itinerary.days[0]!.activities[0]!;

      const note = form
        .getByRole("alert")
        .filter({ hasText: `${ALICE} changed this activity while you were editing` });
      await expect(note).toBeVisible();
      await expect(form.getByLabel("Activity")).toHaveValue("Tiles with Bob");
      await note.getByRole("button", { name: "Take theirs" }).click();
      await expect(note).toHaveCount(0);
      // Alice's activity as saved, in every field of the form.
      await expect(form.getByLabel("Activity")).toHaveValue("Azulejo museum");
      await expect(form.getByLabel("Time")).toHaveValue("10:30");
      await expect(form.getByLabel("Description")).toHaveValue(alicesFirst.description);
      // Bob's cost, a field Alice did not change, stays his.
      await expect(form.getByLabel("Cost (USD)")).toHaveValue("12");
      await form.getByRole("button", { name: "Save activity" }).click();
      await saved(bob);

      // Saved from Alice's values: her activity and her sunset stand.
      const trip = await storedTrip(bob, tripId);
      expect(trip.itinerary.days[0]!.activities.map((a) => a.activity)).toEqual([
        "Azulejo museum",
        "Lunch at Chez Janou",
        "Sunset at Graça",
      ]);
      expect(trip.itinerary.days[0]!.activities[0]).toMatchObject({
        time: "10:30",
        cost: 12,
        description: alicesFirst.description,
      });
      await expect(activities(alice)).toHaveText([
        "Azulejo museum",
        "Lunch at Chez Janou",
        "Sunset at Graça",
      ]);
    } finally {
      await bobContext.close();
    }
  });
  test("Alice moves the activity Bob is editing to another day: his form stays, and Keep mine saves it there", async ({
    page: alice,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { bob, bobContext, tripId } = await aliceAndBob(alice, browser, baseURL!);
    try {
      await bob.getByRole("button", { name: "Edit Lunch at Chez Janou", exact: true }).click();
      const form = bob.getByRole("form", { name: "Edit Lunch at Chez Janou" });
      await form.getByLabel("Activity").fill("Lunch with Bob");
      await form.getByLabel("Description").fill("Table for two at one");

      await alice
        .getByRole("button", { name: /^Move to another day: Lunch at Chez Janou/ })
        .click();
      await alice.getByRole("menuitem", { name: /^Day 2/ }).click();
      await saved(alice);
      await announced(bob, `${ALICE} moved “Lunch at Chez Janou” to Tue 4 May`);

      // The form is still open where it was, with what Bob typed, and says where it is now; no
      // field was changed by both, so nothing is asked.
      await expect(form.getByText("It is now on Day 2 · Tue, May 4.")).toBeVisible();
      await expect(form.getByRole("button", { name: "Keep mine" })).toHaveCount(0);
      await expect(form.getByLabel("Activity")).toHaveValue("Lunch with Bob");
      await expect(form.getByLabel("Description")).toHaveValue("Table for two at one");
      await expectAxeClean(bob, "moved to another day while editing, by another person");

      await form.getByRole("button", { name: "Save activity" }).click();
      await saved(bob);
      await expect(form).toHaveCount(0);
      await expect(activities(bob)).toHaveText(["Tile museum", "Sunset at Miradouro"]);

      // Bob's fields, on the day Alice moved it to: her move is not undone.
      const trip = await storedTrip(alice, tripId);
      expect(trip.itinerary.days[0]!.activities.map((a) => a.activity)).toEqual([
        "Tile museum",
        "Sunset at Miradouro",
      ]);
      expect(trip.itinerary.days[1]!.activities).toContainEqual(
        expect.objectContaining({
          activity: "Lunch with Bob",
          description: "Table for two at one",
        }),
      );
    } finally {
      await bobContext.close();
    }
  });

  test("Alice removes the activity Bob is editing: his form stays, and Add it back saves his version", async ({
    page: alice,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { bob, bobContext, tripId } = await aliceAndBob(alice, browser, baseURL!);
    try {
      await bob.getByRole("button", { name: "Edit Lunch at Chez Janou", exact: true }).click();
      const form = bob.getByRole("form", { name: "Edit Lunch at Chez Janou" });
      await form.getByLabel("Activity").fill("Lunch with Bob");
      await form.getByLabel("Cost (USD)").fill("34");

      await alice.getByRole("button", { name: "Remove Lunch at Chez Janou", exact: true }).click();
      await saved(alice);
      await expect(activities(alice)).toHaveText(["Tile museum", "Sunset at Miradouro"]);

      const note = form
        .getByRole("alert")
        .filter({ hasText: `${ALICE} removed this activity while you were editing` });
      await expect(note).toBeVisible();
      await expect(form.getByLabel("Activity")).toHaveValue("Lunch with Bob");
      await expect(form.getByLabel("Cost (USD)")).toHaveValue("34");
      // Saving it as it was would update an activity that is gone: the note's choices replace it.
      await expect(form.getByRole("button", { name: "Save activity" })).toHaveCount(0);
      await expectAxeClean(bob, "removed while editing, by another person");

      await note.getByRole("button", { name: "Add it back" }).click();
      await saved(bob);
      await expect(form).toHaveCount(0);
      await expect(activities(bob)).toHaveText([
        "Tile museum",
        "Lunch with Bob",
        "Sunset at Miradouro",
      ]);
      const back = (await storedTrip(alice, tripId)).itinerary.days[0]!.activities;
      expect(back.map((a) => a.activity)).toEqual([
        "Tile museum",
        "Lunch with Bob",
        "Sunset at Miradouro",
      ]);
      expect(back[1]).toMatchObject({ cost: 34 });
      await expect(activities(alice)).toHaveText([
        "Tile museum",
        "Lunch with Bob",
        "Sunset at Miradouro",
      ]);
    } finally {
      await bobContext.close();
    }
  });

  // Written with the field-by-field merge (issue 44 item 1) but never seen passing: its count of
  // conflict prompts does not match the page yet. The API test trip-edit.fields.test.ts covers the
  // merge; this browser test is to be mended, not dropped.
  test("Alice and Bob save the same activity at the same moment: different fields both kept; the same field asked, his typed cost kept", async ({
    page: alice,
    baseURL,
    browser,
  }) => {
    test.slow();
    const { bob, bobContext, tripId } = await aliceAndBob(alice, browser, baseURL!);
    try {
      /** Bob's next save waits until `release` is called (sent on the version he had). */
      const holdBobsSave = async () => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let sent!: () => void;
        const passed = new Promise<void>((resolve) => (sent = resolve));
        const hold = async (route: Route) => {
          if (route.request().method() !== "PATCH") return route.fallback();
          await released;
          await route.continue();
          sent();
        };
        await bob.route(`**/api/trips/${tripId}`, hold);
        return async () => {
          release();
          // Unrouted once the held save has gone on: an unroute while it waits would answer it.
          await passed;
          await bob.unroute(`**/api/trips/${tripId}`, hold);
        };
      };
      const aliceSaves = async (fields: Record<string, string>) => {
        await alice.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
        const aliceForm = alice.getByRole("form", { name: "Edit Tile museum" });
        for (const [label, value] of Object.entries(fields))
          await aliceForm.getByLabel(label).fill(value);
        await aliceForm.getByRole("button", { name: "Save activity" }).click();
        await saved(alice);
      };

      // Different fields: Bob's cost and Alice's description, saved at once.
      await bob.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
      const form = bob.getByRole("form", { name: "Edit Tile museum" });
      await form.getByLabel("Cost (USD)").fill("13");
      let releaseBob = await holdBobsSave();
      await form.getByRole("button", { name: "Save activity" }).click();
      await aliceSaves({ Description: "Blue and white tiles, 5 rooms" });
      await releaseBob();
      await saved(bob);
      await expect(form).toHaveCount(0);
      await expect
        .poll(async () => (await storedTrip(alice, tripId)).itinerary.days[0]!.activities[0])
        .toMatchObject({ cost: 13, description: "Blue and white tiles, 5 rooms" });

      // The same field: Bob's typed cost stays in his open form, and he is asked.
      await bob.getByRole("button", { name: "Edit Tile museum", exact: true }).click();
      await form.getByLabel("Cost (USD)").fill("20");
      releaseBob = await holdBobsSave();
      await form.getByRole("button", { name: "Save activity" }).click();
      await aliceSaves({ "Cost (USD)": "15" });
      await releaseBob();
      const note = form.getByRole("alert").filter({ hasText: "You both changed the cost" });
      await expect(note).toBeVisible();
      await expect(form.getByLabel("Cost (USD)")).toHaveValue("20");
      await expectAxeClean(bob, "a simultaneous save of the same field");
      await note.getByRole("button", { name: "Keep mine" }).click();
      await form.getByRole("button", { name: "Save activity" }).click();
      await saved(bob);
      await expect(form).toHaveCount(0);
      expect((await storedTrip(alice, tripId)).itinerary.days[0]!.activities[0]).toMatchObject({
        cost: 20,
        description: "Blue and white tiles, 5 rooms",
      });
    } finally {
      await bobContext.close();
    }
  });
});
