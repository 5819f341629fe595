import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { dragLiveRegion, pickUp } from "./support/keyboard-drag.ts";
import { createTrip } from "./support/trips.ts";
import { shareTrip } from "./support/share.ts";
import { stackPorts } from "./support/stack-ports.ts";

const aiControl = `http://127.0.0.1:${stackPorts().ai}/__fake`;

type StoredTrip = {
  version: number;
  endDate: string;
  itinerary: {
    days: { date: string; activities: { activity: string; time: string; cost: number | null }[] }[];
  };
};
async function storedTrip(page: Page, id: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { trip: StoredTrip }).trip;
}
const names = (trip: StoredTrip, day: number) =>
  trip.itinerary.days[day]!.activities.map((a) => a.activity);

const activities = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day/ }).getByRole("heading", { level: 3 });
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

test.describe("Trip editor", () => {
  test("edits an activity in place, adds and removes one, unknown cost is left out", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);

    await page.getByRole("button", { name: "Edit Activity 2" }).click();
    const form = page.getByRole("form", { name: "Edit Activity 2" });
    await expectAxeClean(page, "activity form");
    await form.getByLabel("Activity").fill("Tile museum");
    await form.getByLabel("Time").fill("14:30");
    await form.getByLabel("Cost (USD)").fill("");
    await form.getByRole("button", { name: "Save activity" }).click();
    await expect(activities(page)).toHaveText(["Activity 1", "Tile museum", "Activity 3"]);
    await saved(page);
    // Unknown cost: "—" on screen, out of the totals, with a note.
    await expect(page.getByText("Day total: $40")).toBeVisible();
    await expect(page.getByText("Not counted: 1 with unknown cost").first()).toBeVisible();
    // The total says what it is made of: no lodging or travel is planned.
    await expect(
      page.getByText("Covers activities and meals; no lodging or travel yet"),
    ).toBeVisible();
    let trip = await storedTrip(page, id);
    expect(trip.itinerary.days[0]!.activities[1]).toMatchObject({
      activity: "Tile museum",
      time: "14:30",
      cost: null,
    });

    await page.getByRole("button", { name: "Add activity" }).click();
    const add = page.getByRole("form", { name: /^New activity on Day 1/ });
    await add.getByLabel("Time").fill("20:00");
    await add.getByLabel("Activity").fill("Fado dinner");
    await add.getByLabel("Location").fill("Alfama");
    await add.getByLabel("Cost (USD)").fill("45");
    await add.getByRole("button", { name: "Add to day" }).click();
    await expect(activities(page)).toHaveText([
      "Activity 1",
      "Tile museum",
      "Activity 3",
      "Fado dinner",
    ]);
    await saved(page);

    await page.getByRole("button", { name: "Remove Activity 3" }).click();
    await expect(activities(page)).toHaveText(["Activity 1", "Tile museum", "Fado dinner"]);
    await saved(page);
    trip = await storedTrip(page, id);
    expect(names(trip, 0)).toEqual(["Activity 1", "Tile museum", "Fado dinner"]);
    expect(trip.version).toBe(4);
    await expectAxeClean(page, "editor after edits");
  });

  test("a bad value is refused in the form and nothing is saved", async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await page.getByRole("button", { name: "Edit Activity 1" }).click();
    const form = page.getByRole("form", { name: "Edit Activity 1" });
    await form.getByLabel("Activity").fill("");
    await form.getByRole("button", { name: "Save activity" }).click();
    await expect(form.getByText("Activity is required")).toBeVisible();
    await expect(form.getByLabel("Activity")).toHaveAttribute("aria-invalid", "true");
    await expectAxeClean(page, "activity form with an error");
    expect((await storedTrip(page, id)).version).toBe(1);
  });

  test("undo and redo, by buttons and by keyboard", async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();

    await page.getByRole("button", { name: "Remove Activity 1" }).click();
    await saved(page);
    await page.getByRole("button", { name: "Remove Activity 2" }).click();
    await expect(activities(page)).toHaveText(["Activity 3"]);
    await saved(page);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 3"]);
    await saved(page);
    // Ctrl+Z outside a text field undoes the next change.
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+z");
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);
    await saved(page);
    await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();
    expect(names(await storedTrip(page, id), 0)).toEqual([
      "Activity 1",
      "Activity 2",
      "Activity 3",
    ]);

    await page.keyboard.press("Control+Shift+z");
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 3"]);
    await saved(page);
    await page.getByRole("button", { name: "Redo" }).click();
    await expect(activities(page)).toHaveText(["Activity 3"]);
    await saved(page);
    const trip = await storedTrip(page, id);
    expect(names(trip, 0)).toEqual(["Activity 3"]);
    // Every step was a versioned save: 2 edits, 2 undos, 2 redos.
    expect(trip.version).toBe(7);
    await expectAxeClean(page, "after undo and redo");
  });

  test("reorders by drag and drop, and moves an activity onto another day, placed there by its time", async ({
    page,
    baseURL,
  }) => {
    // Two drags with scrolling in between: slow on a loaded machine.
    test.slow();
    // Tall enough that the handles of the first day are on screen with the list of days, and clear
    // of the bottom edge, where the page would scroll under the drag (at 1,400 px, with Add bookings
    // above the days, Activity 3's handle sat in that edge). A press below the window's edge reaches
    // no element (no drag at all): the checks say so first.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    const handle = (name: string) =>
      page.getByRole("button", { name: `Move ${name}`, exact: true });
    const liveRegion = page.locator('[id^="DndLiveRegion"]');

    await expect(handle("Activity 3")).toBeInViewport();
    await expect(handle("Activity 1")).toBeInViewport();
    const from = (await handle("Activity 3").boundingBox())!;
    const to = (await handle("Activity 1").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 10 });
    await page.mouse.up();
    await expect(activities(page)).toHaveText(["Activity 3", "Activity 1", "Activity 2"]);
    await saved(page);
    expect(names(await storedTrip(page, id), 0)).toEqual([
      "Activity 3",
      "Activity 1",
      "Activity 2",
    ]);
    // Activity 3 (17:00) now comes before 09:00: flagged, not re-sorted.
    await expect(page.getByText(/Starts at 09:00, before "Activity 3"/)).toBeVisible();

    // A laptop screen: the last activity and the list of days are not on screen together. The user
    // scrolls to the activity, drags it up (the page scrolls up under the pointer at the top edge),
    // then down onto Day 2, which sits near the bottom edge: the page must not scroll away under it.
    const day2 = page
      .getByRole("navigation", { name: "Days" })
      .getByRole("button", { name: /^Day 2/ });
    // The screen ends just below Day 2 (what sits above the days changes as the page grows): on
    // screen, and in the bottom edge where the page would scroll under a dragged activity.
    await page.evaluate(() => window.scrollTo(0, 0));
    const top = (await day2.boundingBox())!;
    await page.setViewportSize({ width: 1280, height: Math.ceil(top.y + top.height + 8) });
    await handle("Activity 2").scrollIntoViewIfNeeded();
    await expect(day2).not.toBeInViewport();
    const drag = (await handle("Activity 2").boundingBox())!;
    await page.mouse.move(drag.x + drag.width / 2, drag.y + drag.height / 2);
    await page.mouse.down();
    await page.mouse.move(drag.x + drag.width / 2 - 10, drag.y, { steps: 5 });
    // The drag has started (a press off screen would not start one).
    await expect(liveRegion).toHaveText(/^(Picked up Activity 2|Activity 2 is over)/);
    await page.mouse.move(drag.x + drag.width / 2 - 10, 4, { steps: 10 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const target = (await day2.boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    await expect(liveRegion).toHaveText(
      "Activity 2 is over Day 2 · Tue, May 4. Drop to move it to that day, in its place by time.",
    );
    await page.mouse.up();
    await expect(liveRegion).toHaveText("Activity 2 was moved to Day 2 · Tue, May 4.");
    await expect(activities(page)).toHaveText(["Activity 3", "Activity 1"]);
    await saved(page);
    // In its place by time there (13:00, after Day 2's own 13:00), not at the end of the day.
    const trip = await storedTrip(page, id);
    expect(names(trip, 1)).toEqual(["Activity 1", "Activity 2", "Activity 2", "Activity 3"]);
  });

  test("on a phone, a finger drags an activity within the day and onto a day in the list of days", async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    const handle = (name: string) =>
      page.getByRole("button", { name: `Move ${name}`, exact: true });
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    // Real touch points (pointerType "touch"), as a phone sends them.
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x = 0, y = 0) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y }],
      });
    const slide = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      for (let i = 1; i <= 10; i++)
        await touch(
          "touchMove",
          from.x + ((to.x - from.x) * i) / 10,
          from.y + ((to.y - from.y) * i) / 10,
        );
    };

    await handle("Activity 3").evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect(handle("Activity 1")).toBeInViewport();
    const from = (await handle("Activity 3").boundingBox())!;
    const to = (await handle("Activity 1").boundingBox())!;
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    await touch("touchStart", start.x, start.y);
    await slide(start, { x: start.x, y: to.y + 10 });
    await touch("touchEnd");
    await expect(liveRegion).toHaveText("Activity 3 was dropped at position 1 of 3.");
    await expect(activities(page)).toHaveText(["Activity 3", "Activity 1", "Activity 2"]);
    await saved(page);

    // On a phone the days are a strip above the plan, a screen or more above this activity: a finger
    // held near the top, in line with Day 2's chip, scrolls the page up until the strip comes under
    // it, and there the page stops, so the drop moves the activity to Day 2.
    const day2 = page
      .getByRole("navigation", { name: "Days" })
      .getByRole("button", { name: /^Day 2/ });
    await day2.scrollIntoViewIfNeeded();
    const chip = (await day2.boundingBox())!;
    await handle("Activity 1").scrollIntoViewIfNeeded();
    const drag = (await handle("Activity 1").boundingBox())!;
    const grip = { x: drag.x + drag.width / 2, y: drag.y + drag.height / 2 };
    await touch("touchStart", grip.x, grip.y);
    await slide(grip, { x: chip.x + chip.width / 2, y: 60 });
    await expect(liveRegion).toHaveText(/^Activity 1 is over Day 2 · /);
    await touch("touchEnd");
    await expect(liveRegion).toHaveText(/^Activity 1 was moved to Day 2 · /);
    const day = 2;
    await expect(activities(page)).toHaveText(["Activity 3", "Activity 2"]);
    await saved(page);
    // In its place by time on that day (09:00, after the day's own 09:00), not at its end.
    expect(names(await storedTrip(page, id), day - 1)).toEqual([
      "Activity 1",
      "Activity 1",
      "Activity 2",
      "Activity 3",
    ]);
    await context.close();
  });

  test("reorders by keyboard with announcements, and moves across days with Move to", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    const liveRegion = dragLiveRegion(page);
    await pickUp(page, "Activity 1", 1);
    await page.keyboard.press("ArrowDown");
    await expect(liveRegion).toHaveText("Activity 1 is over position 2 of 3.");
    await page.keyboard.press("ArrowDown");
    await expect(liveRegion).toHaveText("Activity 1 is over position 3 of 3.");
    await page.keyboard.press("Space");
    await expect(liveRegion).toHaveText("Activity 1 was dropped at position 3 of 3.");
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 3", "Activity 1"]);
    await saved(page);
    expect(names(await storedTrip(page, id), 0)).toEqual([
      "Activity 2",
      "Activity 3",
      "Activity 1",
    ]);

    // Escape cancels a keyboard drag, one that has moved.
    await pickUp(page, "Activity 2", 1);
    await page.keyboard.press("ArrowDown");
    await expect(liveRegion).toHaveText("Activity 2 is over position 2 of 3.");
    await page.keyboard.press("Escape");
    await expect(liveRegion).toHaveText("Moving Activity 2 was cancelled.");
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 3", "Activity 1"]);

    await page.getByRole("button", { name: /^Move to another day: Activity 3/ }).click();
    await expectAxeClean(page, "move-to menu");
    await page.getByRole("menuitem", { name: /^Day 3/ }).click();
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 1"]);
    await saved(page);
    expect(names(await storedTrip(page, id), 2)).toEqual([
      "Activity 1",
      "Activity 2",
      "Activity 3",
      "Activity 3",
    ]);
  });

  test("two tabs: a change in one appears live in the other, announced; undo reverts only its own", async ({
    context,
    baseURL,
  }) => {
    const first = await context.newPage();
    await signUpByApi(first, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(first, baseURL!);
    const second = await context.newPage();
    await first.goto(`/trips/${id}`);
    await second.goto(`/trips/${id}`);
    await expect(activities(second)).toHaveCount(3);

    await first.getByRole("button", { name: "Remove Activity 1" }).click();
    await saved(first);
    // Without a reload, with a polite announcement of who did what.
    await expect(activities(second)).toHaveText(["Activity 2", "Activity 3"]);
    await expect(
      second.getByRole("status").filter({ hasText: "Editor Tester removed “Activity 1”" }),
    ).toBeVisible();
    await expectAxeClean(second, "live change");

    await second.getByRole("button", { name: "Edit Activity 3" }).click();
    await second
      .getByRole("form", { name: "Edit Activity 3" })
      .getByLabel("Activity")
      .fill("Sunset");
    await second.getByRole("button", { name: "Save activity" }).click();
    await saved(second);
    await expect(activities(first)).toHaveText(["Activity 2", "Sunset"]);

    // Undo in the first tab brings back its own removal and keeps the other tab's Sunset.
    await first.getByRole("button", { name: "Undo" }).click();
    await expect(activities(first)).toHaveText(["Activity 1", "Activity 2", "Sunset"]);
    await expect(activities(second)).toHaveText(["Activity 1", "Activity 2", "Sunset"]);
    const trip = await storedTrip(first, id);
    expect(names(trip, 0)).toEqual(["Activity 1", "Activity 2", "Sunset"]);
    expect(trip.version).toBe(4);
    // Its redo would take the other tab's Sunset back with it: none is offered.
    await expect(first.getByRole("button", { name: "Redo" })).toBeDisabled();

    // The history lists every change, and Restore brings a version back as a new one.
    await second.locator("summary", { hasText: "History" }).click();
    const changes = second.getByRole("list", { name: "Changes, newest first" });
    await expect(changes.getByRole("listitem")).toHaveCount(4);
    await expect(changes.getByRole("listitem").nth(2)).toContainText("Removed “Activity 1”");
    await expectAxeClean(second, "history");
    await changes.getByRole("button", { name: "Restore version 2" }).click();
    await expect(activities(second)).toHaveText(["Activity 2", "Activity 3"]);
    await expect(activities(first)).toHaveText(["Activity 2", "Activity 3"]);
    expect((await storedTrip(first, id)).version).toBe(5);
  });

  test("an open activity form is never overwritten by another tab's change: keep mine or take theirs", async ({
    context,
    baseURL,
  }) => {
    const first = await context.newPage();
    await signUpByApi(first, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(first, baseURL!);
    const second = await context.newPage();
    await first.goto(`/trips/${id}`);
    await second.goto(`/trips/${id}`);
    await expect(activities(second)).toHaveCount(3);

    await first.getByRole("button", { name: "Edit Activity 2" }).click();
    // Its title follows the activity's saved name (it becomes "Edit Their tiles").
    const form = first.getByRole("form", { name: /^Edit / });
    await form.getByLabel("Activity").fill("My museum");

    await second.getByRole("button", { name: "Edit Activity 2" }).click();
    await second
      .getByRole("form", { name: "Edit Activity 2" })
      .getByLabel("Activity")
      .fill("Their tiles");
    await second.getByRole("button", { name: "Save activity" }).click();
    await saved(second);

    const note = form
      .getByRole("alert")
      .filter({ hasText: "Editor Tester changed this activity while you were editing" });
    await expect(note).toBeVisible();
    await expect(form.getByLabel("Activity")).toHaveValue("My museum");
    await expectAxeClean(first, "changed while editing");
    await note.getByRole("button", { name: "Take theirs" }).click();
    await expect(form.getByLabel("Activity")).toHaveValue("Their tiles");
    await expect(note).toHaveCount(0);
  });

  test("regenerate a day: discard leaves it, accept saves the proposal", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);

    await page.getByRole("button", { name: "Regenerate day" }).click();
    await page.getByLabel("Instruction (optional)").fill("rainy day, indoors");
    await page.getByRole("button", { name: "Propose a new plan" }).click();
    const card = page.getByRole("region", { name: /^Proposed new plan for Day 1/ });
    await expect(card).toBeVisible();
    await expect(card.getByText("Added").first()).toBeVisible();
    await expect(card.getByText("Removed")).toHaveCount(3);
    await expect(card).toContainText("Indoors at");
    await expectAxeClean(page, "regenerate proposal");
    await card.getByRole("button", { name: "Discard" }).click();
    await expect(card).toBeHidden();
    await expect(activities(page)).toHaveText(["Activity 1", "Activity 2", "Activity 3"]);
    expect((await storedTrip(page, id)).version).toBe(1);

    await page.getByRole("button", { name: "Regenerate day" }).click();
    await page.getByRole("button", { name: "Propose a new plan" }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Accept" }).click();
    await expect(card).toBeHidden();
    await expect(activities(page).first()).toContainText("Visit");
    await saved(page);
    const trip = await storedTrip(page, id);
    expect(trip.version).toBe(2);
    expect(names(trip, 0).every((name) => name.startsWith("Visit"))).toBe(true);
    // Other days untouched.
    expect(names(trip, 1)).toEqual(["Activity 1", "Activity 2", "Activity 3"]);
  });

  test("trip details: shortening asks first; duplicate with new dates", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Edit details" }).click();
    const form = page.getByRole("form", { name: "Trip details" });
    await form.getByLabel("End date").fill("2027-05-04");
    await form.getByLabel("Budget (USD)").fill("1800");
    await form.getByRole("button", { name: "Save details" }).click();
    const confirm = page.getByRole("dialog", { name: "Shorten the trip?" });
    await expect(confirm).toContainText("The last day and 3 activities on it will be removed.");
    await expectAxeClean(page, "shorten confirmation");
    await confirm.getByRole("button", { name: "Shorten trip" }).click();
    await expect(page.getByRole("navigation", { name: "Days" }).getByRole("button")).toHaveCount(2);
    await expect(page.getByText("$1,800", { exact: true })).toBeVisible();
    await saved(page);
    const trip = await storedTrip(page, id);
    expect(trip.endDate).toBe("2027-05-04");
    expect(trip.itinerary.days).toHaveLength(2);

    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Duplicate with new dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Duplicate with new dates" });
    await dialog.getByLabel("New start date").fill("2027-10-01");
    await expectAxeClean(page, "duplicate dialog");
    await dialog.getByRole("button", { name: "Duplicate", exact: true }).click();
    await expect(page).not.toHaveURL(new RegExp(id));
    await expect(page.getByText("Oct 1, 2027 – Oct 2, 2027")).toBeVisible();
  });

  test("the shared page shows the latest saved version and cannot be edited", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    const sharePath = await shareTrip(page.request, id, baseURL!);
    await page.goto(`/trips/${id}`);
    await page.getByRole("button", { name: "Edit Activity 1" }).click();
    await page.getByRole("form", { name: "Edit Activity 1" }).getByLabel("Activity").fill("Castle");
    await page.getByRole("button", { name: "Save activity" }).click();
    await saved(page);

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(sharePath);
    await expect(visitorPage.getByRole("heading", { name: "Castle" }).first()).toBeVisible();
    await expect(
      visitorPage.getByRole("button", { name: /Edit|Remove|Undo|Regenerate|Move/ }),
    ).toHaveCount(0);
    await visitor.close();
  });

  test("the assistant knows the open trip; its proposal is a diff card with Accept", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveCount(3);
    await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
    const chat = page.getByRole("region", { name: "Boundless Assistant" });
    await chat.getByRole("textbox", { name: "Message" }).fill("Move Activity 1 to 2027-05-04");
    await chat.getByRole("button", { name: "Send" }).click();
    const card = chat.getByRole("region", { name: "Proposed changes to your trip" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Move Activity 1 from 2027-05-03 to 2027-05-04.");
    await expect(card.getByText("Removed")).toBeVisible();
    await expect(card.getByText("Added")).toBeVisible();
    await expectAxeClean(page, "chat proposal");
    await card.getByRole("button", { name: "Accept" }).click();
    await expect(chat.getByText("Changes applied to your trip.")).toBeVisible();
    await expect(activities(page)).toHaveText(["Activity 2", "Activity 3"]);
    const trip = await storedTrip(page, id);
    expect(trip.version).toBe(2);
    expect(names(trip, 0)).toEqual(["Activity 2", "Activity 3"]);
    expect(names(trip, 1)).toEqual(["Activity 1", "Activity 2", "Activity 3", "Activity 1"]);
  });

  test("the assistant's answer stays when its change cannot be made valid; only the change is dropped", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveCount(3);
    // The model proposes an activity costing more than any stored one may, twice (the repair too).
    const answer = JSON.stringify({
      reply: "Expect mild, dry days.",
      proposal: {
        summary: "Add a jet tour.",
        days: [
          {
            date: "2027-05-03",
            activities: [
              {
                ref: null,
                time: "10:00",
                activity: "Jet tour",
                location: "Airport",
                description: "Over the city.",
                cost: 2_000_000,
              },
            ],
          },
        ],
      },
    });
    await page.request.post(`${aiControl}/reset`);
    await page.request.post(`${aiControl}/enqueue`, {
      data: { replies: [answer, answer].map((content) => ({ kind: "content", content })) },
    });
    try {
      await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
      const chat = page.getByRole("region", { name: "Boundless Assistant" });
      await chat.getByRole("textbox", { name: "Message" }).fill("What's the weather?");
      await chat.getByRole("button", { name: "Send" }).click();
      const conversation = chat.getByRole("list", { name: "Conversation" });
      await expect(conversation.getByText("Expect mild, dry days.")).toBeVisible();
      await expect(
        conversation.getByText("I could not turn that into a change to your trip"),
      ).toBeVisible();
      await expect(chat.getByRole("region", { name: "Proposed changes to your trip" })).toHaveCount(
        0,
      );
      await expectAxeClean(page, "chat answer without its change");
    } finally {
      await page.request.post(`${aiControl}/reset`);
    }
  });

  test("fits a 360 px phone", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpByApi(page, baseURL!, "Editor Tester", freshEmail("editor"));
    const { id } = await createTrip(page, baseURL!);
    await page.goto(`/trips/${id}`);
    await expect(activities(page)).toHaveCount(3);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAxeClean(page, "editor on a phone");
    await page.getByRole("button", { name: "Edit Activity 1" }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Regenerate day" }).click();
    await page.getByRole("button", { name: "Propose a new plan" }).click();
    await expect(page.getByRole("region", { name: /^Proposed new plan/ })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAxeClean(page, "proposal on a phone");
  });
});
