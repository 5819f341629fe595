import { expect, test, type Page } from "@playwright/test";
import {
  buildCalendar,
  buildMail,
  htmlWithJsonLd,
  LYON_HOTEL_AFTER_TRAIN_JSON_LD,
  PARIS_LYON_TRAIN_JSON_LD,
} from "../tests/support/booking-fixtures.ts";
import { freshEmail, signUpVerifiedByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { joinTrip } from "./support/companions.ts";
import { KEYLESS, waitForKeyless } from "./support/keyless.ts";
import { createTrip } from "./support/trips.ts";

/*
 * "Bookings in" through the screen: a Paris → Lyon trip, a confirmation e-mail with a train and a
 * hotel (built here, schema.org JSON-LD in its HTML) and a calendar file, the proposal's cards,
 * "Add to trip", and the journey on the transfer day and the stay in Lyon's list.
 */
test.use({ baseURL: KEYLESS });

test.beforeAll(async ({ request }) => waitForKeyless(request));

/** A confirmation e-mail as a mail program saves it: multipart, the HTML part in base64. */
/** A confirmation e-mail with the train and the hotel in its HTML (base64, as mail programs send). */
const confirmationMail = () =>
  buildMail([
    {
      type: "text/html",
      body: htmlWithJsonLd(PARIS_LYON_TRAIN_JSON_LD, LYON_HOTEL_AFTER_TRAIN_JSON_LD),
    },
  ]);

/** A theatre's calendar file: two events in Lyon, its zone by IANA name (no VTIMEZONE). */
const calendarFile = () =>
  buildCalendar([
    {
      uid: "carmen@opera.example",
      start: "20261230T200000",
      end: "20261230T230000",
      summary: "Carmen",
      location: "Opéra de Lyon",
    },
    {
      uid: "tour@opera.example",
      start: "20261231T100000",
      end: "20261231T113000",
      summary: "Backstage tour",
      location: "Opéra de Lyon",
    },
  ]);

async function signUp(page: Page) {
  await signUpVerifiedByApi(page, KEYLESS, "Booking Tester", freshEmail("bookings"));
}

/** Paris 2 nights → Lyon 2 nights (Mon 28 Dec – Fri 1 Jan); Day 3, Wed 30 Dec, is the transfer day. */
async function parisThenLyon(page: Page): Promise<string> {
  const trip = await createTrip(page, KEYLESS, {
    destination: "Paris",
    startDate: "2026-12-28",
    endDate: "2027-01-01",
    stops: [
      { destination: "Paris", nights: 2 },
      { destination: "Lyon", nights: 2 },
    ],
  });
  return trip.id;
}

type SavedBookings = {
  version: number;
  transport: { from: string; to: string; number: string | null }[];
  stays: { name: string; stopIndex: number }[];
  itinerary: { days: { date: string; activities: { activity: string; time: string }[] }[] };
};
async function saved(page: Page, id: string): Promise<SavedBookings> {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { trip: SavedBookings }).trip;
}

/** The transfer day's header ("Paris → Lyon" and what sits under it). */
const transferHeader = (page: Page) =>
  page.getByRole("heading", { name: "Paris → Lyon", level: 3 }).locator("..");
const activities = (page: Page) =>
  page.getByRole("list", { name: /^Activities of Day/ }).getByRole("heading", { level: 3 });
const status = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();

test("an e-mail with a train and a hotel becomes the trip's journey and stay", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const id = await parisThenLyon(page);

  await page.goto(`/trips/${id}?day=3`);
  await expect(page.getByRole("heading", { name: "Paris → Lyon", level: 3 })).toBeVisible();
  await page.getByRole("button", { name: "Add bookings" }).click();
  await page.getByLabel("Booking files").setInputFiles({
    name: "confirmation.eml",
    mimeType: "message/rfc822",
    buffer: Buffer.from(confirmationMail()),
  });
  const cards = page.getByRole("list", { name: "Bookings found" });
  const train = cards.getByRole("checkbox", { name: /Train Paris Gare de Lyon → Lyon Part-Dieu/ });
  const stay = cards.getByRole("checkbox", { name: /Stay: Hôtel des Célestins · 30 Dec → 1 Jan/ });
  await expect(train).toBeChecked();
  await expect(stay).toBeChecked();
  await expectAxeClean(page, "bookings proposal");

  await page.getByRole("button", { name: "Add to trip" }).click();
  await expect(page.getByText(/Train from Paris Gare de Lyon to Lyon Part-Dieu/)).toBeVisible();
  const lyonStays = page.getByRole("list", { name: "Stays in Lyon" });
  await expect(lyonStays.getByText("Hôtel des Célestins")).toBeVisible();
  await expectAxeClean(page, "trip with imported bookings");
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/trips/${id}`);
      const { trip } = (await res.json()) as {
        trip: { transport: { number: string | null }[]; stays: { name: string }[] };
      };
      return [trip.transport.length, trip.stays.map((s) => s.name)];
    })
    .toEqual([1, ["Hôtel des Célestins"]]);
});

test("two files dropped at once: one event unticked, the rest on the transfer day, in Lyon and kept", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const id = await parisThenLyon(page);
  await page.goto(`/trips/${id}?day=3`);
  await expect(transferHeader(page)).toBeVisible();
  await expect(
    transferHeader(page).getByRole("button", { name: "Add how you get there" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Add bookings" }).click();

  // A real drop: a DataTransfer holding both files, as a file manager hands them over.
  const files = await page.evaluateHandle(
    ([mail, calendar]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([mail], "confirmation.eml", { type: "message/rfc822" }));
      transfer.items.add(new File([calendar], "opera.ics", { type: "text/calendar" }));
      return transfer;
    },
    [confirmationMail(), calendarFile()] as const,
  );
  const dropZone = page.getByText("Drop confirmation e-mails").locator("..");
  await dropZone.dispatchEvent("dragover", { dataTransfer: files });
  await dropZone.dispatchEvent("drop", { dataTransfer: files });

  const cards = page.getByRole("list", { name: "Bookings found" });
  await expect(cards.getByRole("checkbox")).toHaveCount(4);
  const train = cards.getByRole("checkbox", { name: /Train Paris Gare de Lyon → Lyon Part-Dieu/ });
  const hotel = cards.getByRole("checkbox", { name: /Stay: Hôtel des Célestins/ });
  const carmen = cards.getByRole("checkbox", { name: /Carmen · Wed 30 Dec 20:00/ });
  const tour = cards.getByRole("checkbox", { name: /Backstage tour · Thu 31 Dec 10:00/ });
  for (const card of [train, hotel, carmen, tour]) await expect(card).toBeChecked();
  await tour.uncheck();
  await expect(tour).not.toBeChecked();
  await expectAxeClean(page, "proposal from two dropped files");

  await page.getByRole("button", { name: "Add to trip" }).click();
  await status(page, "All changes saved");
  const expectOnTheTrip = async () => {
    // The train is the transfer day's journey, in place of "Add how you get there".
    await expect(
      transferHeader(page).getByText(/Train from Paris Gare de Lyon to Lyon Part-Dieu/),
    ).toBeVisible();
    await expect(
      transferHeader(page).getByRole("button", { name: "Add how you get there" }),
    ).toHaveCount(0);
    await expect(
      page.getByRole("list", { name: "Stays in Lyon" }).getByText("Hôtel des Célestins"),
    ).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Stays in Paris" }).getByText("Hôtel des Célestins"),
    ).toHaveCount(0);
    await expect(activities(page).filter({ hasText: "Carmen" })).toBeVisible();
    await expect(page.getByText("Backstage tour")).toHaveCount(0);
  };
  await expectOnTheTrip();
  await expectAxeClean(page, "transfer day with the dropped bookings");

  await page.reload();
  await expectOnTheTrip();
  const trip = await saved(page, id);
  expect(trip.transport.map((t) => `${t.from} → ${t.to}`)).toEqual([
    "Paris Gare de Lyon → Lyon Part-Dieu",
  ]);
  expect(trip.stays).toEqual([
    expect.objectContaining({ name: "Hôtel des Célestins", stopIndex: 1 }),
  ]);
  const planned = trip.itinerary.days.flatMap((d) =>
    d.activities.map((a) => `${d.date} ${a.time} ${a.activity}`),
  );
  expect(planned).toContain("2026-12-30 20:00 Carmen");
  expect(planned.filter((a) => a.includes("Backstage tour"))).toEqual([]);
});

test("bookings accepted on a page opened before a companion added a journey: both journeys stay", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await parisThenLyon(page);
  const bobContext = await browser.newContext({ baseURL: KEYLESS });
  const bob = await bobContext.newPage();
  await joinTrip(page, bob, KEYLESS, id, { name: "Bob Companion", role: "editor" });

  await page.goto(`/trips/${id}?day=3`);
  await expect(transferHeader(page)).toBeVisible();
  // Ada's save cannot reach the server (a train's wifi): her change waits in the tab.
  await page.route(`**/api/trips/${id}`, (route) =>
    route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await page.getByRole("button", { name: "Add bookings" }).click();
  await page.getByLabel("Booking files").setInputFiles({
    name: "confirmation.eml",
    mimeType: "message/rfc822",
    buffer: Buffer.from(confirmationMail()),
  });
  await expect(page.getByRole("list", { name: "Bookings found" })).toBeVisible();
  await page.getByRole("button", { name: "Add to trip" }).click();
  await status(page, "Offline — 1 change waiting");

  // Meanwhile Bob saves the bus he takes to Lyon.
  const before = await saved(bob, id);
  const bus = await bob.request.patch(`/api/trips/${id}`, {
    data: {
      version: before.version,
      transport: [
        {
          mode: "bus",
          from: "Paris Bercy",
          to: "Lyon Perrache",
          departAt: "2026-12-30T08:00",
          arriveAt: "2026-12-30T13:10",
          departZone: "Europe/Paris",
          arriveZone: "Europe/Paris",
          carrier: "BlaBlaCar Bus",
          number: null,
          reference: null,
          notes: null,
        },
      ],
    },
    headers: { Origin: KEYLESS },
  });
  expect(bus.ok(), await bus.text()).toBe(true);
  await bobContext.close();

  // Ada's tab reopens on the trip with Bob's bus, and sends her waiting change on top of it.
  await page.unrouteAll();
  await page.reload();
  await status(page, "All changes saved");
  await expect(
    transferHeader(page).getByText(/Bus from Paris Bercy to Lyon Perrache/),
  ).toBeVisible();
  await expect(
    transferHeader(page).getByText(/Train from Paris Gare de Lyon to Lyon Part-Dieu/),
  ).toBeVisible();
  await expect
    .poll(async () => (await saved(page, id)).transport.map((t) => `${t.from} → ${t.to}`))
    .toEqual(["Paris Bercy → Lyon Perrache", "Paris Gare de Lyon → Lyon Part-Dieu"]);
  const trip = await saved(page, id);
  expect(trip.stays.map((s) => s.name)).toEqual(["Hôtel des Célestins"]);
});

test("a damaged file is named in the message, by keyboard", async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  const created = await page.request.post("/api/trips", {
    data: {
      destination: "Lisbon",
      startDate: "2027-05-03",
      endDate: "2027-05-05",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
    },
    headers: { Origin: KEYLESS, Accept: "application/json" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { trip: { id: string } }).trip;
  await page.goto(`/trips/${id}`);
  await page.getByRole("button", { name: "Add bookings" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Booking files")).toBeVisible();
  await expectAxeClean(page, "add bookings panel");
  await page.getByLabel("Booking files").setInputFiles({
    name: "boarding.pkpass",
    mimeType: "application/vnd.apple.pkpass",
    buffer: Buffer.from("not a zip at all"),
  });
  await expect(page.getByRole("alert")).toContainText("boarding.pkpass");
  await page.getByLabel("Paste a confirmation").focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Add bookings" })).toBeFocused();
});
