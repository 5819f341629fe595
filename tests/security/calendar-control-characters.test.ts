import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { parseCalendar } from "#tests/support/ical.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The calendar file carried raw control characters from activity text: an ESC sequence reaches the
// terminal of whoever `cat`s the file, and RFC 5545 TEXT may not hold them at all. They are refused
// on the way in (every safeText field) and dropped on the way out (for text saved before).

const ESC = "\u001b";
const VT = "\u000b";
const HOSTILE = `Tram 28${ESC}[2J${ESC}]8;;https://evil.example${ESC}\\${VT}\u007f\u009b31m`;
/** Every control character RFC 5545 TEXT may not hold: all of C0 but tab, DEL and C1. */
const FORBIDDEN_IN_ICS = /(?![\t\n\r])\p{Cc}/u;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const itineraryWith = (text: string): Itinerary => ({
  days: [
    {
      date: "2027-03-01",
      activities: [
        activityOf({
          time: "09:00",
          activity: text,
          location: `Alfama${VT}`,
          description: `Line one\nLine two${ESC}[0m`,
          cost: 3,
        }),
      ],
    },
  ],
});

describe("control characters in activity text", () => {
  it("are refused on the way in, with the field's message; line breaks and tabs are kept", async () => {
    const { client, userId } = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, userId, { days: 1 });
    const patch = (activity: string, description: string) =>
      client.patch(`/api/trips/${trip.id}`, {
        version: trip.version,
        itinerary: {
          days: [
            {
              date: trip.startDate,
              activities: [{ time: "09:00", activity, location: "Alfama", description, cost: 3 }],
            },
          ],
        },
      });
    for (const [activity, description] of [
      [HOSTILE, "Fine"],
      ["Tram 28", `Fine${VT}`],
    ] as const) {
      const refused = await patch(activity, description);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(await refused.json())).toMatch(
        /(Activity|Description) contains characters that are not allowed/,
      );
    }
    const bio = await client.put("/api/profile", { bio: `Hello${ESC}[31m` });
    expect(bio.status).toBe(422);
    expect(JSON.stringify(await bio.json())).toContain(
      "Bio contains characters that are not allowed",
    );

    // Real text with line breaks and a tab still goes through.
    const accepted = await patch("Tram 28", "Line one\nLine two\r\n\tindented");
    expect(accepted.status).toBe(200);
  });

  it("never reach the calendar file, even when saved before they were refused", async () => {
    const { client, userId } = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, userId, {
      destination: `Lisbon${ESC}[5m`,
      startDate: "2027-03-01",
      endDate: "2027-03-01",
      itinerary: itineraryWith(HOSTILE),
    });
    const res = await client.get(`/api/trips/${trip.id}/calendar.ics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // Lines end in CRLF, which TEXT escapes inside values; nothing else of C0, DEL or C1.
    expect(text.replace(/\r\n/g, "")).not.toMatch(FORBIDDEN_IN_ICS);
    const [event] = parseCalendar(text).events;
    expect(event?.summary).toBe("Tram 28[2J]8;;https://evil.example\\31m");
    expect(event?.location).toBe("Alfama");
    expect(event?.description).toBe("Line one\nLine two[0m\nCost: $3.00");
  });
});
