import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedActivity } from "#shared/booked-activity.ts";
import { bookingFits } from "#shared/booking-fit.ts";
import { tripBookingImportSchema } from "#shared/schemas/bookings.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { buildCalendar } from "#tests/support/booking-fixtures.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { signUpVerifiedUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { PARIS } from "#tests/support/trip-places.ts";

/*
 * Bookings that fit the plan (issue 44): a dinner booked 20:00–22:00 in a calendar file stays
 * 20:00–22:00 on the trip, and beside a planned dinner it offers "Replace the planned dinner",
 * which takes the planned one out and keeps the booking whole.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    IMPORT_RATE_LIMIT: "1000",
    IMPORT_IP_RATE_LIMIT: "1000",
  });
}, 60_000);
afterAll(() => t.close());

describe("a booked dinner replacing a planned one", () => {
  it("keeps the calendar file's end time and replaces the planned dinner", async () => {
    const { userId, client } = await signUpVerifiedUser(t);
    const planned = activityOf({
      time: "19:30",
      activity: "Dinner at Le Procope",
      location: "Le Procope, Rue de l'Ancienne Comédie",
      description: "Le Procope is a restaurant on Rue de l'Ancienne Comédie.",
      cost: 45,
      why: "A meal in Paris",
    });
    const row = await insertTrip(t.deps.database.db, userId, {
      destination: "Paris",
      startDate: "2026-12-28",
      endDate: "2026-12-28",
      place: PARIS,
      itinerary: { days: [{ date: "2026-12-28", activities: [planned] }] },
    });

    const form = new FormData();
    const ics = buildCalendar([
      {
        uid: "dinner-1",
        start: "20261228T200000",
        end: "20261228T220000",
        summary: "Dinner at Le Train Bleu",
        location: "Le Train Bleu, Place Louis-Armand, Paris",
      },
    ]);
    form.append("file", new File([ics], "dinner.ics", { type: "text/calendar" }));
    const res = await client.request("POST", `/api/trips/${row.id}/bookings/import`, {
      body: form,
    });
    expect(res.status).toBe(200);
    const { proposal } = tripBookingImportSchema.parse(await res.json());
    const [dinner] = proposal.activities;
    expect(dinner).toMatchObject({ date: "2026-12-28", time: "20:00", endTime: "22:00" });

    // "Add to trip": the same conversion the page makes; 20:00–22:00, not 20:00–21:00.
    const booked = bookedActivity(dinner!, { id: crypto.randomUUID() });
    expect(booked.durationMinutes).toBe(120);
    const withBooking = [planned, booked];
    const added = await client.patch(`/api/trips/${row.id}`, {
      version: row.version,
      itinerary: { days: [{ date: "2026-12-28", activities: withBooking }] },
    });
    expect(added.status).toBe(200);
    const trip = tripSchema.parse(((await added.json()) as { trip: unknown }).trip);
    const stored = trip.itinerary.days[0]!.activities.find((a) => a.booked);
    expect(stored).toMatchObject({ time: "20:00", durationMinutes: 120, booked: true });

    // The booked card offers to replace the planned dinner, and only that.
    const fits = bookingFits(trip.itinerary.days);
    expect(fits.get(stored!.id)).toEqual([
      { kind: "replace", plannedId: planned.id, label: "Replace the planned dinner" },
    ]);
    expect(fits.has(planned.id)).toBe(false);

    // Accepting it removes the planned dinner; the booking stays whole.
    const replaced = await client.patch(`/api/trips/${row.id}`, {
      version: trip.version,
      itinerary: { days: [{ date: "2026-12-28", activities: [stored] }] },
    });
    expect(replaced.status).toBe(200);
    const after = tripSchema.parse(((await replaced.json()) as { trip: unknown }).trip);
    expect(after.itinerary.days[0]!.activities).toEqual([stored]);
    expect(bookingFits(after.itinerary.days).size).toBe(0);
  });

  it("offers to remove the same museum planned on another day", () => {
    const louvre = activityOf({
      time: "10:00",
      activity: "Visit Musée du Louvre",
      location: "Musée du Louvre, Rue de Rivoli",
      description: "",
      cost: 22,
    });
    const ticket = bookedActivity(
      {
        time: "14:00",
        endTime: "16:00",
        activity: "Louvre entry ticket",
        location: "Musée du Louvre, Paris",
        reference: "LV-1",
        kind: "event",
      },
      { id: crypto.randomUUID() },
    );
    const fits = bookingFits([
      { date: "2026-12-29", activities: [louvre] },
      { date: "2026-12-30", activities: [ticket] },
    ]);
    expect(fits.get(ticket.id)).toEqual([
      {
        kind: "remove-other-day",
        plannedId: louvre.id,
        date: "2026-12-29",
        label: "Remove the planned visit to Musée du Louvre on 2026-12-29",
      },
    ]);
  });
});
