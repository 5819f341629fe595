import { expect, test, type Page, type Response } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { WHOLE_TRIP_APP, waitForKeyless } from "./support/keyless.ts";

/*
 * The whole trip (issue 47) through the screens: the profile's Home city, the plan form's party
 * fields (From prefilled, Travellers, Where to stay, The place must allow, Food we'd like, Avoid)
 * sent with the plan request, the planner's over-budget answer beside the plan button with every
 * answer kept; the trip page's journey out and home, a planned stay's card with Replace (the
 * server's alternatives) and Remove, a meal's cuisine and the party's planned spending (the
 * server's `spending`) with its breakdown, on a wide screen and a phone.
 *
 * The trip page's trip is planned for real by the stack's whole-trip app (keyless), whose Overpass
 * fake carries the whole trip's lodging, cafés and restaurants (e2e/support/start-stack.ts), from
 * Boston (the Open-Meteo fake's geocoder knows it).
 */

type Parts = { journeys: number; stays: number; meals: number; activities: number };
type Refusal = {
  code: string;
  message: string;
  breakdown: Parts & { total: number; budget: number };
};

/** "$1,240", "$12.5": as the page writes US dollars (formatUsd). */
const usd = (amount: number) => {
  const [whole, cents] = amount.toFixed(2).split(".");
  const fraction = cents!.replace(/0+$/, "");
  return `$${Number(whole).toLocaleString("en-US")}${fraction ? `.${fraction}` : ""}`;
};

/** The plan request's refusal: a 422 answer, or the stream's `error` event once it began. */
async function refusalOf(response: Response): Promise<Refusal> {
  const text = await response.text();
  if (response.status() === 422) return (JSON.parse(text) as { error: Refusal }).error;
  expect(response.status(), text).toBe(200);
  const event = /event: error\ndata: (.*)/.exec(text);
  expect(event, text).not.toBeNull();
  // progress-stream.ts sends the failure's details beside its code and message.
  return JSON.parse(event![1]!) as Refusal;
}

const isPlanRequest = (method: string, url: string) =>
  method === "POST" && new URL(url).pathname === "/api/trips";

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

  // Every plan request the page sends, as sent.
  const sent: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (isPlanRequest(request.method(), request.url()))
      sent.push(request.postDataJSON() as Record<string, unknown>);
  });

  await page.goto("/");
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue("Boston");
  await expect(page.getByRole("spinbutton", { name: "Travellers" })).toHaveValue("1");
  await expect(page.getByRole("combobox", { name: "Where to stay" })).toHaveValue("not-shared");
  await page.getByRole("textbox", { name: "Destination" }).fill("Paris");
  await page.getByLabel("Start date").fill("2027-05-03");
  await page.getByLabel("End date").fill("2027-05-06");
  // Far below the party's cheapest plan: the planner refuses, nothing is saved.
  await page.getByRole("spinbutton", { name: "Budget (USD)" }).fill("50");
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

  const answered = page.waitForResponse((r) => isPlanRequest(r.request().method(), r.url()));
  await page.getByRole("button", { name: "Generate Plan" }).click();
  const refusal = await refusalOf(await answered);
  expect(refusal.code).toBe("over_budget");
  expect(refusal.breakdown.budget).toBe(50);
  expect(refusal.breakdown.total).toBeGreaterThan(50);
  expect(refusal.message).toBe(
    `The cheapest trip that meets these needs costs about $${Math.round(refusal.breakdown.total).toLocaleString("en-US")}; the budget is $50.`,
  );
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(refusal.message);
  const parts = alert.getByRole("list", { name: "The cheapest trip, part by part" });
  for (const [label, key] of [
    ["Journeys", "journeys"],
    ["Stays", "stays"],
    ["Meals", "meals"],
    ["Activities", "activities"],
  ] as const)
    await expect(parts).toContainText(`${label} ${usd(refusal.breakdown[key])}`);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    destination: "Paris",
    origin: "Boston",
    travellers: 4,
    budget: 50,
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
  await page.getByRole("spinbutton", { name: "Travellers" }).fill("25");
  await page.getByRole("button", { name: "Generate Plan" }).click();
  await expect(page.getByText("Travellers must be a whole number from 1 to 20")).toBeVisible();
  expect(sent).toHaveLength(1);

  // Phone: one column, nothing sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("group", { name: "Food we'd like" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page, "plan form on a phone");
});

type PlannedTrip = {
  id: string;
  itinerary: { days: { date: string; activities: { meal?: string; cuisine?: string }[] }[] };
  transport: {
    from: string;
    to: string;
    mode: string;
    totalPrice?: { amount: number; currency: string };
    planned?: boolean;
    estimated?: boolean;
  }[];
  stays: {
    id: string;
    name: string;
    kind?: string;
    nights?: number;
    rooms?: number;
    pricePerNight?: number;
    totalPrice?: { amount: number; currency: string };
    why?: string;
  }[];
  spending?: Parts & { total: number; estimated: boolean; estimatedParts: string[] };
};

const KIND_LABELS: Record<string, string> = {
  hotel: "Hotel",
  "entire-home": "Entire home",
  "private-room": "Private room",
};

/** The trip as the keyless app has it now, as the page's user sees it. */
async function keylessTrip(page: Page, id: string): Promise<PlannedTrip> {
  const res = await page.request.get(`${WHOLE_TRIP_APP}/api/trips/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { trip: PlannedTrip }).trip;
}

test.describe("on the whole-trip app", () => {
  // Signing up and the page's own requests go to the app with the whole trip's map.
  test.use({ baseURL: WHOLE_TRIP_APP });

  test("the trip page shows the journeys, a planned stay to replace or remove, the meal's cuisine and the party's spending", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await waitForKeyless(page.request, WHOLE_TRIP_APP);
    await signUpByApi(page, WHOLE_TRIP_APP, "Stay Chooser", freshEmail("whole-trip-page"));

    // Paris, Mon 3 – Wed 5 May 2027, from Boston and back, bringing the dog, Italian food wanted.
    const res = await page.request.post(`${WHOLE_TRIP_APP}/api/trips`, {
      headers: { Origin: WHOLE_TRIP_APP, Accept: "application/json" },
      data: {
        destination: "Paris",
        startDate: "2027-05-03",
        endDate: "2027-05-05",
        budget: 30_000,
        travelStyle: "comfort",
        interests: ["Culture & Arts", "History"],
        origin: "Boston",
        travellers: 1,
        lodging: { kind: "not-shared", needs: ["pets"] },
        cuisines: ["Italian"],
        avoid: [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = ((await res.json()) as { trip: PlannedTrip }).trip;
    const trip = await keylessTrip(page, id);
    const [out, home] = trip.transport;
    expect(out).toMatchObject({ from: "Boston", to: "Paris", planned: true, estimated: true });
    expect(home).toMatchObject({ from: "Paris", to: "Boston", planned: true, estimated: true });
    expect(trip.stays).toHaveLength(1);
    const [chosen] = trip.stays;
    expect(chosen!.why).toMatch(/allows pets/);
    const spending = trip.spending!;
    expect(spending.total).toBeGreaterThan(0);
    expect(spending.estimatedParts).toContain("journeys");
    const dinner = trip.itinerary.days
      .flatMap((d, index) => d.activities.map((a) => ({ ...a, index })))
      .find((a) => a.meal && a.cuisine);
    expect(dinner).toBeDefined();

    await page.goto(`${WHOLE_TRIP_APP}/trips/${id}`);
    // The header: the party's total against the budget, its parts, and which are estimates.
    const planned = page.getByText("Planned spending").locator("..");
    await expect(planned).toContainText("For 1 traveller:");
    const breakdown = planned.getByRole("list", { name: "Breakdown" });
    for (const part of ["Journeys", "Stays", "Meals", "Activities"] as const) {
      const key = part.toLowerCase() as keyof Parts;
      await expect(breakdown).toContainText(`${part} ${usd(spending[key])}`);
    }
    await expect(breakdown).toContainText(`Journeys ${usd(spending.journeys)} (estimated)`);
    await expect(planned).not.toContainText("no lodging or travel yet");

    // Day 1: the journey out, planned and estimated, priced for the party.
    await expect(page.getByRole("heading", { name: "Arriving in Paris" })).toBeVisible();
    const outCard = page.getByTestId("journey-card").filter({ hasText: /from Boston to Paris/ });
    await expect(outCard).toContainText(`${usd(out!.totalPrice!.amount)} for 1 traveller`);
    await expect(outCard).toContainText("Planned, not booked");
    await expect(outCard).toContainText("Estimated");
    await expectAxeClean(page, "trip page with journeys, stays and spending");

    // A meal says its cuisine.
    const mealDay = page.getByRole("navigation", { name: "Days" });
    await mealDay.getByRole("button", { name: new RegExp(`Day ${dinner!.index + 1}`) }).click();
    const mealName = dinner!.meal!.charAt(0).toUpperCase() + dinner!.meal!.slice(1);
    await expect(page.getByText(`${mealName} · ${dinner!.cuisine}`).first()).toBeVisible();

    // The last day: the journey home.
    await page
      .getByRole("navigation", { name: "Days" })
      .getByRole("button", { name: /Day 3/ })
      .click();
    await expect(page.getByRole("heading", { name: "Leaving Paris" })).toBeVisible();
    await expect(
      page.getByTestId("journey-card").filter({ hasText: /from Paris to Boston/ }),
    ).toContainText(`${usd(home!.totalPrice!.amount)} for 1 traveller`);

    // The stay card: price a night and in all, nights, rooms, why, estimated.
    const stay = page.getByTestId("stay-card").filter({ hasText: chosen!.name });
    await expect(stay).toContainText(KIND_LABELS[chosen!.kind!]!);
    await expect(stay).toContainText(
      `${usd(chosen!.pricePerNight!)} a night · ${usd(chosen!.totalPrice!.amount)} total`,
    );
    await expect(stay).toContainText(
      `${chosen!.nights} nights · ${chosen!.rooms} ${chosen!.rooms === 1 ? "room" : "rooms"}`,
    );
    await expect(stay).toContainText(`Why: ${chosen!.why}`);
    await expect(stay).toContainText("Estimated");
    await expect(stay.getByRole("button", { name: "I booked elsewhere" })).toBeVisible();

    // Replace: the server's other places; choosing one saves it in the stay's place.
    const asked = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/trips/${id}/stays/${chosen!.id}/alternatives` &&
        r.request().method() === "GET",
    );
    await stay.getByRole("button", { name: `Replace ${chosen!.name}` }).click();
    const alternatives = (
      (await (await asked).json()) as { stays: NonNullable<PlannedTrip["stays"]> }
    ).stays;
    expect(alternatives.length).toBeGreaterThanOrEqual(2);
    expect(alternatives.map((a) => a.name)).not.toContain(chosen!.name);
    const choices = page.getByTestId("stay-alternative");
    await expect(choices).toHaveCount(alternatives.length);
    const other = alternatives[1]!;
    await expect(choices.nth(1)).toContainText(
      `${usd(other.pricePerNight!)} a night · ${usd(other.totalPrice!.amount)} total`,
    );
    await expectAxeClean(page, "stay alternatives");
    await page.getByRole("button", { name: `Choose ${other.name}` }).click();
    const replaced = page.getByTestId("stay-card").filter({ hasText: other.name });
    await expect(replaced).toContainText(
      `${usd(other.pricePerNight!)} a night · ${usd(other.totalPrice!.amount)} total`,
    );
    await expect(page.getByTestId("stay-card").filter({ hasText: chosen!.name })).toHaveCount(0);
    await expect
      .poll(async () => (await keylessTrip(page, id)).stays.map((s) => s.name))
      .toEqual([other.name]);

    // I booked elsewhere: Add bookings opens.
    await replaced.getByRole("button", { name: "I booked elsewhere" }).click();
    await expect(page.getByLabel("Paste a confirmation")).toBeVisible();

    // Phone: the cards fit.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(replaced).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Remove: the stay goes, through the same versioned save.
    await replaced.getByRole("button", { name: `Remove ${other.name}` }).click();
    await expect(page.getByTestId("stay-card")).toHaveCount(0);
    await expect.poll(async () => (await keylessTrip(page, id)).stays).toEqual([]);
  });
});
