import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { createTrip, storedTrip } from "./support/trips.ts";

/*
 * The whole trip (issue 47) through the screens: the profile's Home city, the plan form's party
 * fields (From prefilled, Travellers, Where to stay, The place must allow, Food we'd like, Avoid)
 * sent with the plan request, the over-budget answer beside the plan button with every answer kept;
 * the trip page's journey out and home, a planned stay's card with Replace and Remove, a meal's
 * cuisine and the party's planned spending with its breakdown, on a wide screen and a phone.
 *
 * Written while the planner's part of issue 47 lands in parallel: the trip's planned journeys,
 * stays and meal are seeded through PATCH (the input schemas take the planned fields), and three
 * things are answered by page.route until their server side is merged (search "UNTIL MERGED"):
 * the over-budget 422, the stay alternatives route and `spending` in GET /api/trips/:id.
 */

const OVER_BUDGET = {
  error: {
    code: "over_budget",
    message: "The cheapest trip that meets these needs costs about $2,340; the budget is $1,700.",
    breakdown: {
      journeys: 1200,
      stays: 780,
      meals: 240,
      activities: 120,
      total: 2340,
      budget: 1700,
    },
  },
};

/** Nothing sticks out sideways: the page scrolls only down. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the plan form asks for the whole trip, sends it, and keeps every answer when over budget", async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page, baseURL!, "Party Planner", freshEmail("whole-trip-form"));

  // The profile's Home city prefills From.
  await page.goto("/profile");
  await page.getByLabel("Home city").fill("Boston");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  const saved = await page.request.get("/api/profile");
  expect(((await saved.json()) as { profile: { homeCity: string | null } }).profile.homeCity).toBe(
    "Boston",
  );

  // UNTIL MERGED: the planner's 422 over_budget is answered here; the request is the page's own.
  let sent: Record<string, unknown> | null = null;
  await page.route("**/api/trips", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    sent = route.request().postDataJSON() as Record<string, unknown>;
    await route.fulfill({ status: 422, json: OVER_BUDGET });
  });

  await page.goto("/");
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue("Boston");
  await expect(page.getByRole("spinbutton", { name: "Travellers" })).toHaveValue("1");
  await expect(page.getByRole("combobox", { name: "Where to stay" })).toHaveValue("not-shared");
  await page.getByRole("textbox", { name: "Destination" }).fill("Paris");
  await page.getByLabel("Start date").fill("2027-05-03");
  await page.getByLabel("End date").fill("2027-05-06");
  await page.getByRole("spinbutton", { name: "Budget (USD)" }).fill("1700");
  await page.getByRole("spinbutton", { name: "Travellers" }).fill("4");
  await page
    .getByRole("combobox", { name: "Where to stay" })
    .selectOption({ label: "Entire home" });
  const allow = page.getByRole("group", { name: "The place must allow" });
  await allow.getByRole("checkbox", { name: "pets" }).check();
  await allow.getByRole("checkbox", { name: "children under 10" }).check();
  const food = page.getByRole("group", { name: "Food we'd like" });
  await food.getByRole("button", { name: "French" }).click();
  await food.getByRole("button", { name: "Italian" }).click();
  await expect(food.getByRole("button", { name: "Italian" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page
    .getByRole("group", { name: "Avoid" })
    .getByRole("checkbox", { name: "flights" })
    .check();
  await expectAxeClean(page, "plan form with the whole trip's fields");

  await page.getByRole("button", { name: "Generate Plan" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(OVER_BUDGET.error.message);
  const parts = alert.getByRole("list", { name: "The cheapest trip, part by part" });
  for (const text of ["Journeys $1,200", "Stays $780", "Meals $240", "Activities $120"])
    await expect(parts).toContainText(text);
  expect(sent).toMatchObject({
    destination: "Paris",
    origin: "Boston",
    travellers: 4,
    lodging: { kind: "entire-home", needs: ["pets", "children-under-10"] },
    cuisines: ["French", "Italian"],
    avoid: ["flights"],
  });
  // Nothing was saved and every answer is still there.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("spinbutton", { name: "Travellers" })).toHaveValue("4");
  await expect(page.getByRole("combobox", { name: "Where to stay" })).toHaveValue("entire-home");
  await expect(allow.getByRole("checkbox", { name: "pets" })).toBeChecked();
  await expect(food.getByRole("button", { name: "French" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectAxeClean(page, "over-budget answer");

  // A wrong value: the schema's message under the field, nothing sent.
  sent = null;
  await page.getByRole("spinbutton", { name: "Travellers" }).fill("25");
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByText("Travellers must be a whole number from 1 to 20")).toBeVisible();
  expect(sent).toBeNull();

  // Phone: one column, nothing sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("group", { name: "Food we'd like" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page, "plan form on a phone");
});

/** Lisbon, Mon 3 – Wed 5 May 2027 (createTrip): from Boston and back, a planned stay, an Italian dinner. */
async function seedWholeTrip(page: Page, baseURL: string) {
  const trip = await createTrip(page, baseURL);
  const day1 = trip.itinerary.days[0]!;
  const headers = { Origin: baseURL };
  const res = await page.request.patch(`/api/trips/${trip.id}`, {
    headers,
    data: {
      version: trip.version,
      itinerary: {
        days: trip.itinerary.days.map((day) =>
          day.date === day1.date
            ? {
                ...day,
                activities: day.activities.map((a, i) =>
                  i === 2 ? { ...a, meal: "dinner", cuisine: "Italian" } : a,
                ),
              }
            : day,
        ),
      },
      transport: [
        {
          mode: "flight",
          from: "Boston",
          to: "Lisbon",
          departAt: "2027-05-02T18:00",
          arriveAt: "2027-05-03T06:20",
          departZone: "America/New_York",
          arriveZone: "Europe/Lisbon",
          carrier: "TAP",
          number: "TP 218",
          totalPrice: { amount: 1240, currency: "USD" },
          durationMinutes: 440,
          planned: true,
          estimated: true,
        },
        {
          mode: "flight",
          from: "Lisbon",
          to: "Boston",
          departAt: "2027-05-05T11:30",
          arriveAt: "2027-05-05T14:10",
          departZone: "Europe/Lisbon",
          arriveZone: "America/New_York",
          carrier: "TAP",
          number: "TP 217",
          totalPrice: { amount: 1180, currency: "USD" },
          durationMinutes: 460,
          planned: true,
          estimated: true,
        },
      ],
      stays: [
        {
          stopIndex: 0,
          name: "Casa do Alfama",
          address: "Rua dos Remédios 10, Lisbon",
          checkIn: "2027-05-03",
          checkOut: "2027-05-05",
          kind: "entire-home",
          nights: 2,
          rooms: 2,
          pricePerNight: 180,
          totalPrice: { amount: 360, currency: "USD" },
          why: "allows pets; entire home; closest to Day 2's visits",
          planned: true,
          estimated: true,
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return trip.id;
}

const SPENDING = {
  journeys: 2420,
  stays: 360,
  meals: 240,
  activities: 120,
  total: 3140,
  estimated: true,
  estimatedParts: ["journeys", "stays"],
};

const ALTERNATIVES = [
  { name: "Hotel Chiado", kind: "hotel", price: 150 },
  { name: "Lapa Apartments", kind: "entire-home", price: 165 },
  { name: "Graça Guest House", kind: "private-room", price: 120 },
].map((c) => ({
  stopIndex: 0,
  name: c.name,
  address: null,
  checkIn: "2027-05-03",
  checkOut: "2027-05-05",
  kind: c.kind,
  nights: 2,
  rooms: 2,
  pricePerNight: c.price,
  totalPrice: { amount: c.price * 2, currency: "USD" },
  why: "allows pets; close to the visits",
  planned: true,
  estimated: true,
}));

test("the trip page shows the journeys, a planned stay to replace or remove, the meal's cuisine and the party's spending", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpByApi(page, baseURL!, "Stay Chooser", freshEmail("whole-trip-page"));
  const id = await seedWholeTrip(page, baseURL!);

  // UNTIL MERGED: `spending` in GET /api/trips/:id; the server's own figures when it sends them.
  let spending: typeof SPENDING = SPENDING;
  await page.route(`**/api/trips/${id}`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { trip: { spending?: typeof SPENDING } };
    if (body.trip.spending) spending = body.trip.spending;
    else body.trip.spending = SPENDING;
    await route.fulfill({ response, json: body });
  });
  // UNTIL MERGED: GET /api/trips/:id/stays/:stayId/alternatives (the planner's three candidates).
  let askedAlternatives = 0;
  await page.route(`**/api/trips/${id}/stays/*/alternatives`, async (route) => {
    askedAlternatives += 1;
    await route.fulfill({ json: { stays: ALTERNATIVES } });
  });

  await page.goto(`/trips/${id}`);
  // The header: the party's total against the budget, its parts, and which are estimates.
  const planned = page.getByText("Planned spending").locator("..");
  await expect(planned).toContainText("Journeys, stays, meals and activities for 1 traveller");
  const breakdown = planned.getByRole("list", { name: "Breakdown" });
  for (const part of ["Journeys", "Stays", "Meals", "Activities"] as const) {
    const key = part.toLowerCase() as keyof typeof SPENDING;
    await expect(breakdown).toContainText(
      `${part} $${Number(spending[key]).toLocaleString("en-US")}`,
    );
  }
  await expect(planned).toContainText("Estimated:");
  await expect(planned).not.toContainText("no lodging or travel yet");

  // Day 1: the journey out, planned and estimated, priced for the party.
  await expect(page.getByRole("heading", { name: "Arriving in Lisbon" })).toBeVisible();
  const out = page.getByTestId("journey-card").filter({ hasText: "Flight from Boston to Lisbon" });
  await expect(out).toContainText("TAP TP 218");
  await expect(out).toContainText("7 h 20 min · $1,240 for 1 traveller");
  await expect(out).toContainText("Planned, not booked");
  await expect(out).toContainText("Estimated");
  // The meal says its cuisine.
  await expect(page.getByText("Dinner · Italian")).toBeVisible();
  await expectAxeClean(page, "trip page with journeys, stays and spending");

  // The last day: the journey home.
  await page
    .getByRole("navigation", { name: "Days" })
    .getByRole("button", { name: /Day 3/ })
    .click();
  await expect(page.getByRole("heading", { name: "Leaving Lisbon" })).toBeVisible();
  await expect(
    page.getByTestId("journey-card").filter({ hasText: "Flight from Lisbon to Boston" }),
  ).toContainText("7 h 40 min · $1,180 for 1 traveller");

  // The stay card: price a night and in all, nights, rooms, why, estimated.
  const stay = page.getByTestId("stay-card").filter({ hasText: "Casa do Alfama" });
  await expect(stay).toContainText("Entire home");
  await expect(stay).toContainText("$180 a night · $360 total");
  await expect(stay).toContainText("2 nights · 2 rooms");
  await expect(stay).toContainText("Why: allows pets; entire home; closest to Day 2's visits");
  await expect(stay).toContainText("Estimated");
  await expect(stay.getByRole("button", { name: "I booked elsewhere" })).toBeVisible();

  // Replace: three others; choosing one saves it in the stay's place.
  await stay.getByRole("button", { name: "Replace Casa do Alfama" }).click();
  const choices = page.getByTestId("stay-alternative");
  await expect(choices).toHaveCount(3);
  expect(askedAlternatives).toBe(1);
  await expect(choices.nth(1)).toContainText("$165 a night · $330 total");
  await expectAxeClean(page, "stay alternatives");
  await page.getByRole("button", { name: "Choose Lapa Apartments" }).click();
  const replaced = page.getByTestId("stay-card").filter({ hasText: "Lapa Apartments" });
  await expect(replaced).toContainText("$165 a night · $330 total");
  await expect(page.getByTestId("stay-card").filter({ hasText: "Casa do Alfama" })).toHaveCount(0);
  await expect
    .poll(async () => (await storedTrip(page, id)).stays.map((s) => s.name))
    .toEqual(["Lapa Apartments"]);

  // I booked elsewhere: Add bookings opens.
  await replaced.getByRole("button", { name: "I booked elsewhere" }).click();
  await expect(page.getByLabel("Paste a confirmation")).toBeVisible();

  // Phone: the cards fit.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(replaced).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Remove: the stay goes, through the same versioned save.
  await replaced.getByRole("button", { name: "Remove Lapa Apartments" }).click();
  await expect(page.getByTestId("stay-card")).toHaveCount(0);
  await expect.poll(async () => (await storedTrip(page, id)).stays).toEqual([]);
});
