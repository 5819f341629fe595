import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutDayFacts } from "#shared/day-facts.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { parseCalendar } from "#tests/support/ical.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Descriptions hold no dates or hours: a trip written with the old keyless text ("Open 09:00–18:00
 * on Mon 28 Dec.") reads clean, and a copy to April shows the hours of its own dates, computed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", GENERATION_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const paris = {
  name: "Paris",
  country: "France",
  lat: 48.8566,
  lng: 2.3522,
  timezone: "Europe/Paris",
};

// As the keyless planner wrote it before: the day's hours and date inside the description.
const oldItinerary: Itinerary = {
  days: [
    {
      date: "2026-12-28",
      activities: [
        activityOf({
          time: "10:00",
          activity: "Visit Musée du Louvre",
          location: "Musée du Louvre, Rue de Rivoli",
          description:
            "Museum, one of the area's notable places. Open 09:00–18:00 on Mon 28 Dec. Entry about $25 a person: an estimate for a museum; check before you go.",
          cost: 25,
          lat: 48.8611,
          lng: 2.3358,
          osmId: "way/1001",
          openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
        }),
        activityOf({
          time: "13:00",
          activity: "Lunch at Le Procope",
          location: "Le Procope",
          description:
            "Restaurant. Opening hours unknown: assumed open in the daytime, so check before you go.",
          cost: 45,
        }),
      ],
    },
  ],
};

describe("descriptions without dates or hours", () => {
  it("strips date and hours sentences, keeps the rest", () => {
    expect(withoutDayFacts("Museum. Open 09:00–18:00 on Mon 28 Dec. Free entry.")).toBe(
      "Museum. Free entry.",
    );
    expect(withoutDayFacts("Closed on Tuesday, 29 December. A park.")).toBe("A park.");
    expect(withoutDayFacts("Open 24 hours on Sat 2 Jan.")).toBe("");
    expect(withoutDayFacts("Dinner with a view of the river.")).toBe(
      "Dinner with a view of the river.",
    );
    expect(withoutDayFacts("Line one\nLine two, no dates")).toBe("Line one\nLine two, no dates");
  });

  it("a stored trip with the old text reads clean, and its April copy nowhere says 28 Dec", async () => {
    const { userId, client } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, {
      destination: "Paris",
      startDate: "2026-12-28",
      endDate: "2026-12-28",
      itinerary: oldItinerary,
      place: paris,
    });

    const read = await client.get(`/api/trips/${row.id}`);
    expect(read.status).toBe(200);
    const readText = await read.text();
    expect(readText).not.toContain("28 Dec");
    expect(readText).not.toContain("Opening hours unknown");
    expect(readText).toContain("Museum, one of the area's notable places.");
    // The old estimate was a guess written as fact: it is not read back (issue 44).
    expect(readText).not.toContain("about $25");

    // Tuesday 6 April 2027: the Louvre is closed on Tuesdays.
    const res = await client.post(`/api/trips/${row.id}/duplicate`, { startDate: "2027-04-06" });
    expect(res.status).toBe(201);
    const body = await res.text();
    expect(body).not.toContain("28 Dec");
    expect(body).not.toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    const copy = tripSchema.parse((JSON.parse(body) as { trip: unknown }).trip);
    expect(copy.itinerary.days[0]?.date).toBe("2027-04-06");
    // Stored clean too, not only answered clean.
    const stored = await t.deps.database.db.query.trips.findFirst({
      where: (trips, { eq }) => eq(trips.id, copy.id),
    });
    expect(JSON.stringify(stored?.itinerary)).not.toContain("28 Dec");

    const calendar = await client.get(`/api/trips/${copy.id}/calendar.ics`);
    expect(calendar.status).toBe(200);
    const ics = await calendar.text();
    expect(ics).not.toContain("28 Dec");
    const [louvre, lunch] = parseCalendar(ics).events;
    // The hours shown are the new date's, computed from the place's hours.
    expect(louvre!.description).toBe(
      "Museum, one of the area's notable places.\nClosed on Tue 6 Apr\nCost: $25.00",
    );
    expect(lunch!.description).toBe("Restaurant.\nCost: $45.00");

    // And on a Thursday the same place is open, with that day's hours.
    const thursday = await client.post(`/api/trips/${row.id}/duplicate`, {
      startDate: "2027-04-08",
    });
    const thursdayCopy = tripSchema.parse(((await thursday.json()) as { trip: unknown }).trip);
    const ics2 = await (await client.get(`/api/trips/${thursdayCopy.id}/calendar.ics`)).text();
    expect(parseCalendar(ics2).events[0]!.description).toContain("Open 09:00–18:00 on Thu 8 Apr");
  });

  it("a save (PATCH) of an old trip writes its descriptions clean", async () => {
    const { userId, client } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, {
      destination: "Paris",
      startDate: "2026-12-28",
      endDate: "2026-12-28",
      itinerary: oldItinerary,
      place: paris,
    });
    const res = await client.patch(`/api/trips/${row.id}`, {
      version: row.version,
      startDate: "2027-04-08",
    });
    expect(res.status).toBe(200);
    const stored = await t.deps.database.db.query.trips.findFirst({
      where: (trips, { eq }) => eq(trips.id, row.id),
    });
    expect(stored?.startDate).toBe("2027-04-08");
    expect(JSON.stringify(stored?.itinerary)).not.toMatch(/28 Dec|Opening hours unknown/);
  });
});

// As the keyless planner wrote it before issue 44: the way from the activity before, a guessed price
// and an identifier, all inside the description.
const neighbourItinerary: Itinerary = {
  days: [
    {
      date: "2026-12-28",
      activities: [
        activityOf({
          time: "10:00",
          activity: "Lunch at Le Procope",
          location: "Le Procope, Rue de l'Ancienne Comédie",
          description:
            "Le Procope is a restaurant on Rue de l'Ancienne Comédie. About $45 a person at Le Procope: an estimate for lunch at a restaurant on a comfort trip.",
          cost: 45,
          lat: 48.853,
          lng: 2.3389,
        }),
        activityOf({
          time: "14:00",
          activity: "Visit Musée du Louvre",
          location: "Musée du Louvre, Rue de Rivoli",
          description:
            "A museum on Rue de Rivoli: Musée du Louvre. Musée du Louvre is well documented (Wikidata Q19675). About 13 minutes on foot from Le Procope. Entry to Musée du Louvre about $18 a person: an estimate for a museum; check before you go.",
          cost: 13,
          lat: 48.8611,
          lng: 2.3358,
        }),
      ],
    },
  ],
};

describe("descriptions that say nothing about their neighbours (issue 44)", () => {
  it("a stored travel sentence, estimate and identifier read clean; the way is drawn from the day as it is", async () => {
    const { userId, client } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, {
      destination: "Paris",
      startDate: "2026-12-28",
      endDate: "2026-12-28",
      itinerary: neighbourItinerary,
      place: paris,
    });

    const trip = tripSchema.parse(
      ((await (await client.get(`/api/trips/${row.id}`)).json()) as { trip: unknown }).trip,
    );
    const [procope, louvre] = trip.itinerary.days[0]!.activities;
    expect(procope!.description).toBe("Le Procope is a restaurant on Rue de l'Ancienne Comédie.");
    expect(louvre!.description).toBe("A museum on Rue de Rivoli: Musée du Louvre.");
    // The cost the traveller set ($13) stays; the stale "about $18" is gone.
    expect(louvre!.cost).toBe(13);

    // The calendar draws the way from the activity before, from coordinates.
    const ics = parseCalendar(await (await client.get(`/api/trips/${row.id}/calendar.ics`)).text());
    expect(ics.events[1]!.description).toBe(
      "A museum on Rue de Rivoli: Musée du Louvre.\nAbout 12 minutes on foot from Le Procope\nCost: $13.00",
    );
    expect(ics.events[0]!.description).not.toContain("on foot");

    // Reordered: the Louvre first. Nothing stored says "from Le Procope"; the save routed the day's
    // legs (routers off in tests: an estimate), and the calendar shows Le Procope's leg from them.
    const swapped = [
      { ...louvre!, time: "10:00" },
      { ...procope!, time: "13:00" },
    ];
    const patch = await client.patch(`/api/trips/${row.id}`, {
      version: trip.version,
      itinerary: { days: [{ date: "2026-12-28", activities: swapped }] },
    });
    expect(patch.status).toBe(200);
    const stored = await t.deps.database.db.query.trips.findFirst({
      where: (trips, { eq }) => eq(trips.id, row.id),
    });
    expect(JSON.stringify(stored?.itinerary)).not.toMatch(/on foot|Wikidata|about \$/);
    const after = parseCalendar(
      await (await client.get(`/api/trips/${row.id}/calendar.ics`)).text(),
    );
    expect(after.events[0]!.description).not.toContain("on foot");
    expect(after.events[1]!.description).toContain(
      "Getting here: Walk · 12 min · 930 m · estimated",
    );
    expect(after.events[1]!.description).not.toContain("from Le Procope");

    // The shared page reads clean too.
    const share = await client.post(`/api/trips/${row.id}/share`, {});
    const { shareUrl } = (await share.json()) as { shareUrl: string };
    const token = shareUrl.split("/").at(-1)!;
    const shared = await (await client.get(`/api/shared/${token}`)).text();
    expect(shared).not.toMatch(/on foot|Wikidata|about \$/);
    expect(shared).toContain("A museum on Rue de Rivoli: Musée du Louvre.");
  });
});
