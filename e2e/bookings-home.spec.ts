import { expect, test, type Page } from "@playwright/test";
import {
  buildCalendar,
  buildMail,
  FLIGHT_JSON_LD,
  HOTEL_JSON_LD,
  htmlWithJsonLd,
  LYON_HOTEL_AFTER_TRAIN_JSON_LD,
  PARIS_LYON_TRAIN_JSON_LD,
} from "../tests/support/booking-fixtures.ts";
import { freshEmail, signUpVerifiedByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { storedTrip } from "./support/trips.ts";

/*
 * "Add bookings" on Home: two files chosen at once (a confirmation e-mail with a hotel in Paris, the
 * train to Lyon and a hotel there; a calendar file with the opera on a later day) frame a new trip,
 * "Paris · 1 night, Lyon · 2 nights"; the Paris hotel is unticked; "Create trip" saves the rest
 * alone, "Plan the rest" has the planner fill the free time. Keyless, as bookings.spec.ts.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(async ({ request }) => waitForKeyless(request));

const PARIS_HOTEL = {
  "@context": "https://schema.org",
  "@type": "LodgingReservation",
  reservationNumber: "P-1029",
  reservationFor: {
    "@type": "LodgingBusiness",
    name: "Hôtel du Louvre",
    address: {
      "@type": "PostalAddress",
      streetAddress: "1 Place André Malraux",
      postalCode: "75001",
      addressLocality: "Paris",
      addressCountry: "FR",
    },
  },
  checkinTime: "2026-12-29T15:00:00+01:00",
  checkoutTime: "2026-12-30T11:00:00+01:00",
};

const CONFIRMATION = {
  name: "confirmation.eml",
  mimeType: "message/rfc822",
  buffer: Buffer.from(
    buildMail([
      {
        type: "text/html",
        body: htmlWithJsonLd(PARIS_HOTEL, PARIS_LYON_TRAIN_JSON_LD, LYON_HOTEL_AFTER_TRAIN_JSON_LD),
      },
    ]),
  ),
};
const OPERA = {
  name: "opera.ics",
  mimeType: "text/calendar",
  buffer: Buffer.from(
    buildCalendar([
      {
        uid: "traviata-31@opera.example",
        start: "20261231T200000",
        end: "20261231T230000",
        summary: "La Traviata",
        location: "Opéra de Lyon",
      },
    ]),
  ),
};

/** Signed in on Home, the panel open and both files read into the frame and the cards. */
async function readBothFiles(page: Page) {
  await signUpVerifiedByApi(page, KEYLESS, "Booking Tester", freshEmail("home-bookings"));
  await page.goto("/");
  await page.getByRole("button", { name: "Add bookings" }).click();
  await page.getByLabel("Booking files").setInputFiles([CONFIRMATION, OPERA]);
  const panel = page.getByRole("region", { name: "Add bookings" });
  await expect(panel.getByRole("list", { name: "Cities" })).toHaveText(
    /Paris · 1 night\s*Lyon · 2 nights/,
  );
  await expect(panel.getByText("Tue 29 Dec 2026 → Fri 1 Jan 2027")).toBeVisible();
  const cards = panel.getByRole("list", { name: "Bookings found" });
  for (const name of [
    /Stay: Hôtel du Louvre · 29 Dec → 30 Dec/,
    /Train Paris Gare de Lyon → Lyon Part-Dieu · Wed 30 Dec 10:04 → 12:01/,
    /Stay: Hôtel des Célestins · 30 Dec → 1 Jan/,
    /La Traviata · Thu 31 Dec 20:00/,
  ])
    await expect(cards.getByRole("checkbox", { name })).toBeChecked();
  return panel;
}

const tripIdOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1) ?? "";

test("two files at once frame a new trip; Create trip saves the ticked bookings alone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const panel = await readBothFiles(page);
  await expectAxeClean(page, "home bookings proposal");
  await panel.getByRole("checkbox", { name: /Stay: Hôtel du Louvre/ }).uncheck();

  // The plan form's budget rules and messages, with the keyboard on the field.
  await panel.getByRole("button", { name: "Create trip" }).click();
  const budget = panel.getByLabel("Budget (USD)");
  await expect(budget).toBeFocused();
  await expect(budget).toHaveAccessibleDescription(/Budget is required/);
  await expectAxeClean(page, "home bookings budget error");
  await budget.fill("800");
  await panel.getByRole("button", { name: "Create trip" }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  const id = tripIdOf(page);

  await page.goto(`/trips/${id}?day=2`);
  await expect(page.getByRole("heading", { name: "Paris → Lyon", level: 3 })).toBeVisible();
  await expect(page.getByText(/Train from Paris Gare de Lyon to Lyon Part-Dieu/)).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Stays in Lyon" }).getByText("Hôtel des Célestins"),
  ).toBeVisible();
  await expect(page.getByText("Hôtel du Louvre")).toHaveCount(0);
  await page.goto(`/trips/${id}?day=3`);
  await expect(page.getByText("La Traviata").first()).toBeVisible();

  const trip = await storedTrip(page, id);
  expect(trip.stays.map((s) => s.name)).toEqual(["Hôtel des Célestins"]);
  expect(trip.transport.map((t) => t.reference)).toEqual(["QXR7TT"]);
  // Nothing planned: the days hold the booked opera only.
  expect(trip.itinerary.days.flatMap((d) => d.activities.map((a) => a.activity))).toEqual([
    "La Traviata",
  ]);
});

test("Plan the rest fills the free time around the bookings", async ({ page }) => {
  test.setTimeout(120_000);
  const panel = await readBothFiles(page);
  await panel.getByLabel("Budget (USD)").fill("1200");
  await panel.getByRole("checkbox", { name: /Stay: Hôtel du Louvre/ }).uncheck();
  // Offline, the trip cannot be made: said so, and nothing the traveller gave is lost.
  await page.context().setOffline(true);
  await expect(
    panel.getByText("Making a trip needs a connection.", { exact: false }),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Plan the rest" })).toBeDisabled();
  await page.context().setOffline(false);
  // A refusal from the server (answered here, once): its message, and everything still there.
  await page.route(
    "**/api/trips",
    (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "ai_unavailable", message: "The planner is busy. Please try again." },
        }),
      }),
    { times: 1 },
  );
  await panel.getByRole("button", { name: "Plan the rest" }).click();
  await expect(panel.getByRole("alert")).toHaveText("The planner is busy. Please try again.");
  await expect(panel.getByLabel("Budget (USD)")).toHaveValue("1200");
  await expect(panel.getByRole("checkbox", { name: /Stay: Hôtel du Louvre/ })).not.toBeChecked();
  await expect(panel.getByRole("checkbox", { name: /La Traviata/ })).toBeChecked();
  await panel.getByRole("button", { name: "Plan the rest" }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = tripIdOf(page);
  const trip = await storedTrip(page, id);
  const names = trip.itinerary.days.flatMap((d) => d.activities.map((a) => a.activity));
  expect(names).toContain("La Traviata");
  expect(names.filter((name) => name !== "La Traviata").length).toBeGreaterThan(0);
  expect(trip.stays.map((s) => s.name)).toEqual(["Hôtel des Célestins"]);
  await page.goto(`/trips/${id}?day=3`);
  await expect(page.getByText("La Traviata").first()).toBeVisible();
});

test("with nothing ticked, Create trip makes the frame's trip with empty days", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpVerifiedByApi(page, KEYLESS, "Booking Tester", freshEmail("home-bookings-none"));
  await page.goto("/");
  await page.getByRole("button", { name: "Add bookings" }).click();
  await page.getByLabel("Booking files").setInputFiles(OPERA);
  const panel = page.getByRole("region", { name: "Add bookings" });
  await panel.getByRole("checkbox", { name: /La Traviata/ }).uncheck();
  await expect(
    panel.getByText("Nothing is ticked: the trip starts with its cities and dates only."),
  ).toBeVisible();
  await panel.getByLabel("Budget (USD)").fill("500");
  await panel.getByRole("button", { name: "Create trip" }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  const trip = await storedTrip(page, tripIdOf(page));
  expect(trip.itinerary.days.map((d) => [d.date, d.activities.length])).toEqual([
    ["2026-12-31", 0],
    ["2027-01-01", 0],
  ]);
});

test("a flight in and a flight home frame one city; each shows on its day, arriving and leaving", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const home = {
    ...FLIGHT_JSON_LD,
    reservationNumber: "RXJ35Q",
    reservationFor: {
      ...FLIGHT_JSON_LD.reservationFor,
      flightNumber: "1235",
      departureAirport: { "@type": "Airport", name: "Lyon Saint-Exupéry", iataCode: "LYS" },
      departureTime: "2027-01-01T18:00:00+01:00",
      arrivalAirport: { "@type": "Airport", name: "London Heathrow", iataCode: "LHR" },
      arrivalTime: "2027-01-01T18:50:00+00:00",
    },
  };
  await signUpVerifiedByApi(page, KEYLESS, "Booking Tester", freshEmail("home-bookings-flights"));
  await page.goto("/");
  await page.getByRole("button", { name: "Add bookings" }).click();
  await page.getByLabel("Booking files").setInputFiles({
    name: "flights.eml",
    mimeType: "message/rfc822",
    buffer: Buffer.from(
      buildMail([{ type: "text/html", body: htmlWithJsonLd(FLIGHT_JSON_LD, HOTEL_JSON_LD, home) }]),
    ),
  });
  const panel = page.getByRole("region", { name: "Add bookings" });
  // The flight home is not a city of the trip: London is where the traveller lives.
  await expect(panel.getByRole("list", { name: "Cities" })).toHaveText("Lyon · 4 nights");
  await panel.getByLabel("Budget (USD)").fill("900");
  await panel.getByRole("button", { name: "Create trip" }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  const id = tripIdOf(page);

  // A day in one city shows its journey: the flight in on the first day, the flight home on the last.
  const dayHeader = (name: string) => page.getByRole("heading", { name, level: 3 }).locator("..");
  await expect(dayHeader("Arriving in Lyon")).toContainText(
    "Flight from London Heathrow (LHR) to Lyon Saint-Exupéry (LYS)",
  );
  // The e-mail gave +01:00; the trip's stop names the airport, so it is Lyon's (Paris) time.
  await expect(dayHeader("Arriving in Lyon")).toContainText(
    "Arrives Mon, Dec 28 at 11:55 (Paris time)",
  );
  await expect(page.getByRole("button", { name: "Add how you get there" })).toHaveCount(0);
  await page.goto(`/trips/${id}?day=5`);
  await expect(dayHeader("Leaving Lyon")).toContainText(
    "Flight from Lyon Saint-Exupéry (LYS) to London Heathrow (LHR)",
  );
  await expectAxeClean(page, "the last day's flight home");
  const trip = await storedTrip(page, id);
  expect(trip.transport.map((t) => t.reference)).toEqual(["RXJ34P", "RXJ35Q"]);
});

test("a file with no booking is named with what was wrong, on a phone, by keyboard", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerifiedByApi(page, KEYLESS, "Booking Tester", freshEmail("home-bookings-junk"));
  await page.goto("/");
  await page.getByRole("button", { name: "Add bookings" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Booking files")).toBeVisible();
  await expectAxeClean(page, "home add bookings panel");
  await page.getByLabel("Booking files").setInputFiles({
    name: "scribbles.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Remember to buy milk."),
  });
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("scribbles.txt");
  await expect(alert).toContainText("We could not find a booking in this file.");
  // Nothing runs off the side of a phone's screen.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  await page.getByLabel("Paste a confirmation").focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Add bookings" })).toBeFocused();
});
