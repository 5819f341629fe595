import { expect, test, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

/*
 * "Bookings in" through the screen: a Paris → Lyon trip, a confirmation e-mail with a train and a
 * hotel (built here, schema.org JSON-LD in its HTML), the proposal's cards, "Add to trip", and the
 * journey on the transfer day and the stay in Lyon's list.
 */
const KEYLESS = `http://localhost:${stackPorts().keyless}`;
test.use({ baseURL: KEYLESS });

test.beforeAll(async ({ request }) => {
  await expect
    .poll(async () => (await request.get(`${KEYLESS}/api/health`).catch(() => null))?.status(), {
      timeout: 120_000,
    })
    .toBe(200);
});

const TRAIN = {
  "@context": "http://schema.org",
  "@type": "TrainReservation",
  reservationNumber: "QXR7TT",
  reservationFor: {
    "@type": "TrainTrip",
    trainNumber: "6601",
    trainCompany: { "@type": "Organization", name: "SNCF" },
    departureStation: { "@type": "TrainStation", name: "Paris Gare de Lyon" },
    departureTime: "2026-12-30T10:04:00+01:00",
    arrivalStation: { "@type": "TrainStation", name: "Lyon Part-Dieu" },
    arrivalTime: "2026-12-30T12:01:00+01:00",
  },
};
const HOTEL = {
  "@context": "https://schema.org",
  "@type": "LodgingReservation",
  reservationNumber: "H-55821",
  reservationFor: {
    "@type": "LodgingBusiness",
    name: "Hôtel des Célestins",
    address: {
      "@type": "PostalAddress",
      streetAddress: "4 Rue des Archers",
      addressLocality: "Lyon",
    },
  },
  checkinTime: "2026-12-30T15:00:00+01:00",
  checkoutTime: "2027-01-01T11:00:00+01:00",
};

/** A confirmation e-mail as a mail program saves it: multipart, the HTML part in base64. */
function confirmationMail(): string {
  const html = `<!doctype html><html><body><p>Your booking</p>${[TRAIN, HOTEL]
    .map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`)
    .join("")}</body></html>`;
  const base64 = (
    Buffer.from(html)
      .toString("base64")
      .match(/.{1,76}/g) ?? []
  ).join("\r\n");
  return [
    "From: Bookings <bookings@rail.example>",
    "To: ada@example.com",
    "Subject: Your booking confirmation",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64,
    "--b1--",
    "",
  ].join("\r\n");
}

async function signUp(page: Page) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: {
      email: `bookings-${Date.now()}@example.com`,
      password: "correct horse battery",
      name: "Booking Tester",
    },
    headers: { Origin: KEYLESS },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test("an e-mail with a train and a hotel becomes the trip's journey and stay", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const created = await page.request.post("/api/trips", {
    data: {
      destination: "Paris",
      startDate: "2026-12-28",
      endDate: "2027-01-01",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
      stops: [
        { destination: "Paris", nights: 2 },
        { destination: "Lyon", nights: 2 },
      ],
    },
    headers: { Origin: KEYLESS, Accept: "application/json" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { trip: { id: string } }).trip;

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
