import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { shareTrip } from "./support/share.ts";

/*
 * A trip with two cities, through the screens: the plan form's list of cities (added, reordered by
 * keyboard, its nights' sum and message), a keyless Paris → Lyon plan on the loopback Overpass and
 * geocoder, the route at the top of the trip, the transfer day's header, a journey and a stay added
 * with their forms, on a wide screen and a phone.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(({ request }) => waitForKeyless(request));

type SavedTrip = {
  endDate: string;
  itinerary: { days: unknown[] };
  stops: { destination: string; endDate: string }[];
  transport: { mode: string; carrier: string | null; number: string | null }[];
  stays: { name: string; stopIndex: number; checkIn: string; checkOut: string }[];
};

async function saved(page: Page, id: string): Promise<SavedTrip> {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { trip: SavedTrip }).trip;
}

/** Nothing sticks out sideways: the page scrolls only down. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("plan Paris → Lyon, see the route and the transfer day, add a journey and a stay", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpByApi(page, KEYLESS, "Route Tester", freshEmail("stops"));
  await page.goto("/");
  await page.getByLabel("Destination").fill("Paris");
  await page.getByLabel("Start date").fill("2026-12-28");
  await page.getByLabel("End date").fill("2027-01-01");
  await page.getByLabel("Budget (USD)").fill("1500");

  // Add a city: the destination becomes the first city, the new one gets the keyboard.
  await page.getByRole("button", { name: "Add a city" }).click();
  await expect(page.getByRole("textbox", { name: "City 1" })).toHaveValue("Paris");
  await expect(page.getByRole("textbox", { name: "City 2" })).toBeFocused();
  await page.keyboard.type("Lyon");
  await expect(page.getByText("4 of 4 nights")).toBeVisible();
  await expectAxeClean(page, "form with two cities");

  // Reorder by keyboard: Lyon up, then down again; focus stays with Lyon.
  await page.getByRole("button", { name: "Move Lyon up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "City 1" })).toHaveValue("Lyon");
  await expect(page.getByRole("button", { name: "Move Lyon down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "City 1" })).toHaveValue("Paris");
  await expect(page.getByRole("textbox", { name: "City 2" })).toHaveValue("Lyon");

  // Nights that do not add up: the schema's message under the list, nothing sent.
  const nights = page.getByLabel("Nights");
  await nights.nth(0).fill("1");
  await expect(page.getByText("2 of 4 nights")).toBeVisible();
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByText("The stops' nights add up to 2; this trip has 4")).toBeVisible();
  await expect(page).toHaveURL(`${KEYLESS}/`);
  await expectAxeClean(page, "form with the nights' message");

  await nights.nth(0).fill("2");
  await nights.nth(1).fill("2");
  await expect(page.getByText("The stops' nights add up to")).toHaveCount(0);
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const tripId = page.url().split("/").at(-1) ?? "";

  // The route at the top.
  await expect(page.getByText("Paris · 2 nights → Lyon · 2 nights")).toBeVisible();
  expect((await saved(page, tripId)).stops.map((s) => s.destination)).toEqual(["Paris", "Lyon"]);
  await expectAxeClean(page, "trip with its route");

  // Day 3 (Wed 30 Dec) is the transfer day: its header and no journey yet.
  await page.goto(`/trips/${tripId}?day=3`);
  await expect(page.getByRole("heading", { name: "Paris → Lyon", level: 3 })).toBeVisible();
  // The journey asked of the transit router (issue 46; the keyless app's MOTIS fake has the TGV).
  await expect(
    page.getByText(
      /^Allow about \d+ h( \d+ min)? by train \(TGV INOUI \d+, Paris Gare de Lyon \d\d:\d\d → Lyon Part-Dieu \d\d:\d\d\)$/,
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Add how you get there" }).click();
  const journeyForm = page.getByRole("form", { name: "How you get there" });
  await expect(journeyForm.getByLabel("Mode")).toBeFocused();
  await journeyForm.getByLabel("Carrier").fill("SNCF");
  await journeyForm.getByLabel("Number").fill("TGV 6601");
  // Arrival before departure: the schema's message under Arrival.
  await journeyForm.getByLabel("Arrival").fill("2026-12-30T09:00");
  await journeyForm.getByRole("button", { name: "Add journey" }).click();
  await expect(journeyForm.getByText("Arrival cannot be before departure")).toBeVisible();
  await expectAxeClean(page, "journey form with a message");
  await journeyForm.getByLabel("Arrival").fill("2026-12-30T12:01");
  await journeyForm.getByRole("button", { name: "Add journey" }).click();
  await expect(page.getByText("Train from Paris to Lyon · SNCF TGV 6601")).toBeVisible();
  await expect(page.getByText("Departs Wed, Dec 30 at 10:00 (Paris time)")).toBeVisible();
  await expect(page.getByText("Arrives Wed, Dec 30 at 12:01 (Paris time)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add how you get there" })).toHaveCount(0);
  await expect
    .poll(async () => (await saved(page, tripId)).transport)
    .toEqual([expect.objectContaining({ mode: "train", carrier: "SNCF", number: "TGV 6601" })]);
  await expectAxeClean(page, "transfer day with its journey");

  // A stay in Lyon, from the arrival to the end of the trip.
  await page.getByRole("button", { name: "Add a stay in Lyon" }).click();
  const stayForm = page.getByRole("form", { name: "New stay in Lyon" });
  await expect(stayForm.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Hôtel des Célestins");
  await stayForm.getByLabel("Check-out").fill("2026-12-29");
  await stayForm.getByRole("button", { name: "Add stay" }).click();
  await expect(stayForm.getByText("Check-out must be after check-in")).toBeVisible();
  await stayForm.getByLabel("Check-out").fill("2027-01-01");
  await stayForm.getByRole("button", { name: "Add stay" }).click();
  const lyonStays = page.getByRole("list", { name: "Stays in Lyon" });
  await expect(lyonStays.getByText("Hôtel des Célestins")).toBeVisible();
  await expect(lyonStays.getByText("Check-in Wed, Dec 30 · check-out Fri, Jan 1")).toBeVisible();
  await expect
    .poll(async () => (await saved(page, tripId)).stays)
    .toEqual([
      expect.objectContaining({
        name: "Hôtel des Célestins",
        stopIndex: 1,
        checkIn: "2026-12-30",
        checkOut: "2027-01-01",
      }),
    ]);
  await expectAxeClean(page, "stays per city");

  // A booking reference stays with the members: the shared page shows the rest.
  await page.getByRole("button", { name: "Edit Hôtel des Célestins" }).click();
  const editStay = page.getByRole("form", { name: "Edit Hôtel des Célestins" });
  await editStay.getByLabel("Booking reference").fill("XK42");
  await editStay.getByRole("button", { name: "Save stay" }).click();
  await expect(lyonStays.getByText("Booking reference: XK42")).toBeVisible();
  const sharePath = await shareTrip(page.request, tripId, KEYLESS);
  const visitorContext = await page.context().browser()!.newContext({ baseURL: KEYLESS });
  const visitor = await visitorContext.newPage();
  await visitor.goto(sharePath);
  await expect(visitor.getByText("Paris · 2 nights → Lyon · 2 nights")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Paris → Lyon", level: 3 })).toBeVisible();
  await expect(visitor.getByText("Train from Paris to Lyon · SNCF TGV 6601")).toBeVisible();
  const sharedLyon = visitor.getByRole("list", { name: "Stays in Lyon" });
  await expect(sharedLyon.getByText("Hôtel des Célestins")).toBeVisible();
  await expect(visitor.getByText(/XK42/)).toHaveCount(0);
  await expectAxeClean(visitor, "shared page with the route");
  await visitorContext.close();

  // A phone: the same page, nothing overlapping or sticking out.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Paris → Lyon", level: 3 })).toBeVisible();
  await expect(page.getByText("Paris · 2 nights → Lyon · 2 nights")).toBeVisible();
  await expect(page.getByText("Train from Paris to Lyon · SNCF TGV 6601")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page, "trip on a phone");

  // Edit cities: one night fewer in Lyon drops the last day, so the page asks first.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Edit cities" }).click();
  const cities = page.getByRole("form", { name: "Cities" });
  await cities.getByLabel("Nights").nth(1).fill("1");
  await cities.getByRole("button", { name: "Save cities" }).click();
  const removeDays = page.getByRole("dialog", { name: "Remove days?" });
  await expect(removeDays).toContainText(/^.*1 day and \d+ activit/);
  await expectAxeClean(page, "Edit cities asking before it removes a day");
  await removeDays.getByRole("button", { name: "Remove days" }).click();
  await expect(page.getByText(/Paris · 2 nights → Lyon · 1 night\b/)).toBeVisible();
  await expect
    .poll(async () => {
      const trip = await saved(page, tripId);
      return [trip.endDate, trip.itinerary.days.length, trip.stops.map((s) => s.endDate)];
    })
    .toEqual(["2026-12-31", 4, ["2026-12-30", "2026-12-31"]]);
});
