// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import {
  currentUserDataEpoch,
  forgetUserData,
  TRIP_EDITS_WAITING_STORAGE_KEY,
} from "#web/lib/user-data.ts";
import {
  addActivity,
  moveActivity,
  removeActivity,
  updateActivity,
  type EditableTrip,
} from "./editable-trip.ts";
import {
  allWaiting,
  applyWaiting,
  dequeue,
  EMPTY_OUTBOX,
  enqueue,
  firstWaiting,
  isNetworkError,
  loadOutbox,
  storeOutbox,
  waitingText,
  type Outbox,
} from "./offline-queue.ts";

const act = (id: string, time = "09:00"): Activity => ({
  id,
  time,
  activity: id,
  location: "Somewhere",
  description: "",
  cost: 10,
  durationMinutes: 60,
  ...UNPLACED,
});
const trip: EditableTrip = {
  name: "Lisbon",
  destination: "Lisbon",
  startDate: "2027-05-03",
  endDate: "2027-05-04",
  budget: 1000,
  travelStyle: "comfort",
  interests: [],
  stops: [
    {
      id: "00000000-0000-4000-8000-0000000000aa",
      destination: "Lisbon",
      startDate: "2027-05-03",
      endDate: "2027-05-04",
      place: null,
    },
  ],
  transport: [],
  stays: [],
  itinerary: {
    days: [
      { date: "2027-05-03", activities: [act("a", "09:00"), act("b", "13:00"), act("c", "17:00")] },
      { date: "2027-05-04", activities: [act("d", "10:00")] },
    ],
  },
};
const names = (t: EditableTrip) =>
  t.itinerary.days.map((d) => d.activities.map((a) => `${a.id}:${a.activity}`).join(" "));
/** What the server does with a new activity: gives it an id of its own. */
const serverSaves = (sent: EditableTrip, ids: Record<string, string>): EditableTrip => ({
  ...sent,
  itinerary: {
    days: sent.itinerary.days.map((d) => ({
      ...d,
      activities: d.activities.map((a) => ({ ...a, id: ids[a.id] ?? a.id })),
    })),
  },
});

const queued = (...changes: Parameters<typeof enqueue>[1][]): Outbox =>
  changes.reduce(enqueue, EMPTY_OUTBOX);

afterEach(() => sessionStorage.clear());

describe("the offline outbox", () => {
  it("says how many changes wait", () => {
    expect(waitingText(1)).toBe("Offline — 1 change waiting");
    expect(waitingText(2)).toBe("Offline — 2 changes waiting");
  });

  it("tells a request that never reached the server from a refusal", () => {
    expect(isNetworkError(new ApiRequestError("Failed to save trip", 0, "network"))).toBe(true);
    expect(isNetworkError(new ApiRequestError("Bad", 400, "validation_error"))).toBe(false);
    expect(isNetworkError(new Error("network"))).toBe(false);
  });

  it("shows the waiting changes applied in order", () => {
    const outbox = queued(
      updateActivity("a", { activity: "Breakfast" }),
      removeActivity("b"),
      moveActivity("d", "2027-05-03", 0),
    );
    expect(names(applyWaiting(outbox, trip))).toEqual(["d:d a:Breakfast c:c", ""]);
    expect(names(applyWaiting(EMPTY_OUTBOX, trip))).toEqual(names(trip));
  });

  it("sends them one at a time; a change to an activity added offline follows its new id", () => {
    const outbox = queued(
      addActivity("2027-05-03", act("tab-1", "18:00")),
      updateActivity("tab-1", { activity: "Sunset stroll" }),
      removeActivity("a"),
    );
    // The first is sent and saved: the server names the new activity "srv-1".
    const sent = firstWaiting(outbox)!.apply(trip);
    const saved = serverSaves(sent, { "tab-1": "srv-1" });
    const rest = dequeue(outbox, sent, saved);
    expect(rest.changes).toHaveLength(2);
    expect(rest.ids).toEqual({ "tab-1": "srv-1" });
    // The next ones apply to the server's copy, with its id.
    const second = firstWaiting(rest)!.apply(saved);
    expect(names(second)[0]).toBe("a:a b:b c:c srv-1:Sunset stroll");
    expect(names(applyWaiting(rest, saved))[0]).toBe("b:b c:c srv-1:Sunset stroll");
    const last = dequeue(rest, second, second);
    expect(names(firstWaiting(last)!.apply(second))[0]).toBe("b:b c:c srv-1:Sunset stroll");
    expect(firstWaiting(dequeue(last, second, second))).toBeUndefined();
  });

  it("offers every waiting change as one after a conflict", () => {
    expect(allWaiting(EMPTY_OUTBOX)).toBeUndefined();
    const one = allWaiting(queued(removeActivity("a")))!;
    expect(one.label).toBe("Remove activity");
    const all = allWaiting(
      queued(updateActivity("a", { activity: "Breakfast" }), removeActivity("c")),
    )!;
    expect(all.label).toBe("2 changes made offline");
    // Applied to the latest version (someone else renamed b meanwhile), both still happen.
    const latest = updateActivity("b", { activity: "Museum" }).apply(trip);
    expect(names(all.apply(latest))[0]).toBe("a:Breakfast b:Museum");
  });

  it("keeps the changes in session storage, per trip, so a reload of the tab keeps them", () => {
    const outbox = queued(
      addActivity("2027-05-03", act("tab-1", "18:00")),
      moveActivity("d", "2027-05-03", Infinity),
      updateActivity("tab-1", { activity: "Sunset stroll" }),
    );
    storeOutbox("trip-1", { ...outbox, ids: { x: "y" } }, currentUserDataEpoch());
    storeOutbox("trip-2", queued(removeActivity("a")), currentUserDataEpoch());
    const loaded = loadOutbox("trip-1");
    expect(loaded.changes.map((c) => c.label)).toEqual([
      "Add activity",
      "Move activity",
      "Edit activity",
    ]);
    expect(loaded.ids).toEqual({ x: "y" });
    expect(names(applyWaiting(loaded, trip))).toEqual(
      names(applyWaiting({ ...outbox, ids: { x: "y" } }, trip)),
    );
    expect(names(applyWaiting(loaded, trip))[0]).toBe("a:a b:b c:c tab-1:Sunset stroll d:d");
    expect(loadOutbox("trip-2").changes).toHaveLength(1);
    expect(loadOutbox("trip-3")).toEqual(EMPTY_OUTBOX);

    // Sent: nothing is kept for that trip.
    storeOutbox("trip-1", EMPTY_OUTBOX, currentUserDataEpoch());
    expect(loadOutbox("trip-1")).toEqual(EMPTY_OUTBOX);
    storeOutbox("trip-2", EMPTY_OUTBOX, currentUserDataEpoch());
    expect(sessionStorage.getItem(TRIP_EDITS_WAITING_STORAGE_KEY)).toBeNull();
  });

  it("reads nothing from unreadable storage", () => {
    sessionStorage.setItem(TRIP_EDITS_WAITING_STORAGE_KEY, "{not json");
    expect(loadOutbox("trip-1")).toEqual(EMPTY_OUTBOX);
    sessionStorage.setItem(
      TRIP_EDITS_WAITING_STORAGE_KEY,
      JSON.stringify({ "trip-1": { changes: [{ label: "x", op: { name: "nope" } }], ids: {} } }),
    );
    expect(loadOutbox("trip-1")).toEqual(EMPTY_OUTBOX);
  });

  it("is forgotten with the tab's user, and not written back by the page that made it", async () => {
    const epoch = currentUserDataEpoch();
    storeOutbox("trip-1", queued(removeActivity("a")), epoch);
    await forgetUserData();
    expect(sessionStorage.getItem(TRIP_EDITS_WAITING_STORAGE_KEY)).toBeNull();
    storeOutbox("trip-1", queued(removeActivity("a"), removeActivity("b")), epoch);
    expect(sessionStorage.getItem(TRIP_EDITS_WAITING_STORAGE_KEY)).toBeNull();
  });
});
