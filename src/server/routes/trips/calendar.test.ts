import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { parseCalendar } from "#tests/support/ical.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

// Lisbon moves from WET (+00:00) to WEST (+01:00) at 01:00 UTC on Sunday 28 March 2027.
const lisbon = {
  name: "Lisbon",
  country: "Portugal",
  lat: 38.7223,
  lng: -9.1393,
  timezone: "Europe/Lisbon",
};
const itinerary: Itinerary = {
  days: [
    {
      date: "2027-03-27",
      activities: [
        activityOf({
          time: "09:00",
          activity: "Castelo de São Jorge, early",
          location: "Rua de Santa Cruz do Castelo; Lisboa",
          description: "Line one\nLine two, with a comma; and a semicolon \\ backslash",
          cost: 15,
          durationMinutes: 150,
          lat: 38.7139,
          lng: -9.1335,
        }),
        activityOf({
          time: "12:30",
          activity: "Lunch",
          location: "Time Out Market",
          description: "",
          cost: null,
          durationMinutes: 75,
        }),
      ],
    },
    { date: "2027-03-28", activities: [] },
    {
      date: "2027-03-29",
      activities: [
        activityOf({
          time: "09:00",
          activity: "東京からの友人と朝食 🍳",
          location: "Café A Brasileira",
          description: "Пирожки",
          cost: 0,
        }),
      ],
    },
  ],
};

async function fetchCalendar(client: TestClient, path: string) {
  const res = await client.get(path);
  return { res, text: res.status === 200 ? await res.text() : "" };
}

describe("GET /api/trips/:id/calendar.ics", () => {
  it("gives one event per activity in the destination's zone, across a DST change", async () => {
    const alice = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      destination: "Lisbon, Portugal",
      startDate: "2027-03-27",
      endDate: "2027-03-29",
      itinerary,
      place: lisbon,
    });
    const { res, text } = await fetchCalendar(alice.client, `/api/trips/${trip.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''Lisbon%2C%20Portugal%202027-03-27%20to%202027-03-29.ics",
    );
    expect(text).toMatch(/\r\n$/);
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

    const { events } = parseCalendar(text);
    expect(events.map((e) => e.uid)).toEqual(
      itinerary.days.flatMap((d) => d.activities.map((a) => a.id)),
    );
    const [castle, lunch, breakfast] = events;
    expect(castle!.summary).toBe("Castelo de São Jorge, early");
    expect(castle!.location).toBe("Rua de Santa Cruz do Castelo; Lisboa");
    expect(castle!.description).toBe(
      "Line one\nLine two, with a comma; and a semicolon \\ backslash\nCost: $15.00",
    );
    expect(castle!.startDate.zone?.tzid).toBe("Europe/Lisbon");
    // 09:00 WET is 09:00 UTC; after the change 09:00 WEST is 08:00 UTC.
    expect(castle!.startDate.toJSDate().toISOString()).toBe("2027-03-27T09:00:00.000Z");
    expect(breakfast!.startDate.toJSDate().toISOString()).toBe("2027-03-29T08:00:00.000Z");
    // Each lasts its own length (DTEND = start + durationMinutes), not until the next stop.
    expect(text).toContain("DTEND;TZID=Europe/Lisbon:20270327T113000");
    expect(castle!.endDate.toJSDate().toISOString()).toBe("2027-03-27T11:30:00.000Z");
    expect(castle!.duration.toSeconds()).toBe(150 * 60);
    expect(lunch!.endDate.toJSDate().toISOString()).toBe("2027-03-27T13:45:00.000Z");
    expect(lunch!.duration.toSeconds()).toBe(75 * 60);
    expect(lunch!.description).toBe("Cost: unknown");
    expect(breakfast!.summary).toBe("東京からの友人と朝食 🍳");
    expect(breakfast!.description).toBe("Пирожки\nCost: free");
  });

  it("uses floating local times when the destination's zone is unknown", async () => {
    const alice = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      startDate: "2027-03-27",
      endDate: "2027-03-29",
      itinerary,
      place: null,
    });
    const { text } = await fetchCalendar(alice.client, `/api/trips/${trip.id}/calendar.ics`);
    expect(text).not.toContain("VTIMEZONE");
    const { events } = parseCalendar(text);
    expect(events[0]!.startDate.zone?.tzid).toBe("floating");
    expect(events[0]!.startDate.toString()).toBe("2027-03-27T09:00:00");
  });

  it("is the owner's only: another user, a missing and a malformed id get 404, a visitor 401", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, { isPublic: true });
    for (const id of [trip.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const { res } = await fetchCalendar(bob.client, `/api/trips/${id}/calendar.ics`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Trip not found" } });
    }
    const { res } = await fetchCalendar(createClient(t), `/api/trips/${trip.id}/calendar.ics`);
    expect(res.status).toBe(401);
  });
});

describe("calendar of a trip stored before activities had a length", () => {
  it("ends each event after its estimated length, also past midnight", async () => {
    const alice = await signUpUser(t);
    const old = {
      days: [
        {
          date: "2027-03-27",
          activities: [
            {
              ...activityOf({
                time: "12:30",
                activity: "Lunch",
                location: "Market",
                description: "",
                cost: 20,
              }),
              durationMinutes: undefined,
            },
            activityOf({
              time: "23:30",
              activity: "Late show",
              location: "Club",
              description: "",
              cost: 20,
              durationMinutes: 120,
            }),
          ],
        },
        { date: "2027-03-28", activities: [] },
        { date: "2027-03-29", activities: [] },
      ],
    } as unknown as Itinerary;
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      startDate: "2027-03-27",
      endDate: "2027-03-29",
      itinerary: old,
      place: null,
    });
    const { res, text } = await fetchCalendar(alice.client, `/api/trips/${trip.id}/calendar.ics`);
    expect(res.status).toBe(200);
    // Lunch is estimated at 75 minutes (not the 11 hours until the next stop).
    expect(text).toContain("DTSTART:20270327T123000\r\nDTEND:20270327T134500");
    expect(text).toContain("DTEND:20270328T013000");
  });
});

describe("GET /api/shared/:token/calendar.ics", () => {
  it("serves a public trip to anyone and a private one to no one", async () => {
    const alice = await signUpUser(t);
    const shared = await insertTrip(t.deps.database.db, alice.userId, {
      isPublic: true,
      itinerary,
      startDate: "2027-03-27",
      endDate: "2027-03-29",
      place: lisbon,
    });
    const hidden = await insertTrip(t.deps.database.db, alice.userId, { isPublic: false });
    const visitor = createClient(t);
    const ok = await fetchCalendar(visitor, `/api/shared/${shared.shareToken}/calendar.ics`);
    expect(ok.res.status).toBe(200);
    expect(parseCalendar(ok.text).events).toHaveLength(3);
    for (const client of [visitor, alice.client]) {
      for (const link of [hidden.id, shared.id]) {
        const { res } = await fetchCalendar(client, `/api/shared/${link}/calendar.ics`);
        expect(res.status).toBe(404);
      }
    }
  });
});
