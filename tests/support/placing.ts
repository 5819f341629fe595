import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import type { TestClient } from "./http.ts";
import { readEvents } from "./live-events.ts";

/**
 * The trip once its new plan's activities are placed (issue 44, item 11): read again at each of its
 * live changes until no activity waits for the geocoder. The listener opens before the first read,
 * so no pin's change is missed; no time limit of its own (the test's timeout is the limit).
 */
export async function tripOncePlaced(client: TestClient, tripId: string): Promise<Trip> {
  const res = await client.get(`/api/trips/${tripId}/events`);
  if (res.status !== 200) throw new Error(`events answered ${res.status}`);
  const events = readEvents(res);
  try {
    await events.next("ready");
    for (;;) {
      const read = await client.get(`/api/trips/${tripId}`);
      const { trip } = tripResponseSchema.parse(await read.json());
      if (!trip.placing) return trip;
      if (!(await events.next("change"))) throw new Error("the trip's events ended");
    }
  } finally {
    await events.close();
  }
}
