import { Hono } from "hono";
import { BOOKING_MESSAGES, type NewTripBookingImport } from "#shared/schemas/bookings.ts";
import { BookingFileError } from "../bookings/booking-errors.ts";
import { readImport } from "../bookings/booking-import.ts";
import { bookingErrorResponse, importInputOf } from "../http/booking-import-input.ts";
import { toProposal, type KnownPlace } from "../bookings/booking-proposal.ts";
import type { Reading } from "../bookings/booking-reading.ts";
import { newTripFrame, townOf } from "../bookings/new-trip-frame.ts";
import type { AppBindings } from "../http/context.ts";
import type { AppDeps } from "../app-deps.ts";
import { guardImport } from "../http/import-guard.ts";
import { requireUser } from "../http/session.ts";

const MAX_TOWN_LOOKUPS = 6;
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * With no trip to take zones from, the towns of the journeys' ends are looked up (the destination
 * geocoder, cached): Lyon's station then gets Europe/Paris rather than a fixed offset.
 */
async function placesOf(deps: AppDeps, reading: Reading, userId: string): Promise<KnownPlace[]> {
  const towns = [...new Set(reading.journeys.flatMap((j) => [townOf(j.from), townOf(j.to)]))].slice(
    0,
    MAX_TOWN_LOOKUPS,
  );
  const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
  const found = await Promise.all(
    towns.map(async (town) => {
      const lookup = await deps.geo
        .resolveDestination(town, { signal, owner: userId })
        .catch(() => null);
      return lookup?.kind === "found" ? [{ names: [town], zone: lookup.place.timezone }] : [];
    }),
  );
  return found.flat();
}

/**
 * `POST /api/bookings/import` (signed in): a new trip's frame from bookings alone (stops from stays
 * and arrivals, dates from the first departure or check-in to the last arrival or check-out).
 */
export const bookingRoutes = new Hono<AppBindings>().post("/import", async (c) => {
  const { deps } = c.var;
  const user = await requireUser(c);
  await guardImport(c, user);
  const input = await importInputOf(c);
  try {
    const { reading, source } = await readImport(deps, input, {
      signal: c.req.raw.signal,
      userId: user.id,
    });
    const proposal = toProposal(reading, await placesOf(deps, reading, user.id), null);
    const frame = newTripFrame(proposal);
    if (!frame)
      throw new BookingFileError(
        422,
        input.files[0]?.name ?? "file",
        BOOKING_MESSAGES.noBookingFound,
      );
    return c.json({ proposal: frame, source } satisfies NewTripBookingImport);
  } catch (error) {
    if (error instanceof BookingFileError) return bookingErrorResponse(c, error);
    throw error;
  }
});
