import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityInput } from "#shared/schemas/trip-edit.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Random sequences of edits, sent through PATCH as the editor would (from the last trip the server
 * returned), against a plain in-memory model of what each edit means. After every step the trip's
 * dates, days and activities (ids included) must equal the model's; a stale version must change
 * nothing.
 */

type Text = {
  time: string;
  activity: string;
  location: string;
  description: string;
  cost: number | null;
};
type ModelActivity = Text & { id: string | null };
type Model = { startDate: string; days: ModelActivity[][]; version: number };

type Op =
  | { kind: "edit"; day: number; index: number; text: Partial<Text> }
  | { kind: "add"; day: number; text: Text }
  | { kind: "remove"; day: number; index: number }
  | { kind: "move"; from: number; index: number; to: number; at: number }
  | { kind: "shift"; days: number }
  | { kind: "length"; days: number }
  | { kind: "stale" };

const textArb: fc.Arbitrary<Text> = fc.record({
  time: fc.constantFrom("08:00", "09:30", "13:00", "18:45", "23:59"),
  activity: fc.constantFrom("Museum", "Lunch", "Walk", "Tram ride", "Fado"),
  location: fc.constantFrom("Alfama", "Belém", "Baixa", "LX Factory"),
  description: fc.constantFrom("", "Nice.", "Bring water."),
  cost: fc.option(fc.constantFrom(0, 5, 12.5, 40), { nil: null }),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("edit" as const),
    day: fc.nat(9),
    index: fc.nat(9),
    text: textArb.map((t) => ({ activity: t.activity, cost: t.cost, time: t.time })),
  }),
  fc.record({ kind: fc.constant("add" as const), day: fc.nat(9), text: textArb }),
  fc.record({ kind: fc.constant("remove" as const), day: fc.nat(9), index: fc.nat(9) }),
  fc.record({
    kind: fc.constant("move" as const),
    from: fc.nat(9),
    index: fc.nat(9),
    to: fc.nat(9),
    at: fc.nat(9),
  }),
  fc.record({ kind: fc.constant("shift" as const), days: fc.integer({ min: -20, max: 20 }) }),
  fc.record({ kind: fc.constant("length" as const), days: fc.integer({ min: 1, max: 5 }) }),
  fc.constant({ kind: "stale" as const }),
);

const DAY_MS = 86_400_000;
const dateAt = (start: string, i: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);

/** The edit applied to a list of days (shared shape: the model's and the editor's). */
function applyToDays<A extends ModelActivity>(days: A[][], op: Op, fresh: (t: Text) => A): A[][] {
  const next = days.map((d) => [...d]);
  const pick = (n: number) => n % next.length;
  if (op.kind === "edit") {
    const day = next[pick(op.day)]!;
    if (day.length > 0) {
      const i = op.index % day.length;
      day[i] = { ...day[i]!, ...op.text };
    }
  } else if (op.kind === "add") {
    const day = next[pick(op.day)]!;
    if (day.length < 12) day.push(fresh(op.text));
  } else if (op.kind === "remove") {
    const day = next[pick(op.day)]!;
    if (day.length > 0) day.splice(op.index % day.length, 1);
  } else if (op.kind === "move") {
    const from = next[pick(op.from)]!;
    const to = next[pick(op.to)]!;
    if (from.length > 0 && (to.length < 12 || from === to)) {
      const [item] = from.splice(op.index % from.length, 1);
      to.splice(op.at % (to.length + 1), 0, item!);
    }
  }
  return next;
}

function applyToModel(model: Model, op: Op): Model {
  if (op.kind === "stale") return model;
  const version = model.version + 1;
  if (op.kind === "shift")
    return { ...model, startDate: dateAt(model.startDate, op.days), version };
  if (op.kind === "length")
    return {
      ...model,
      days: Array.from({ length: op.days }, (_, i) => model.days[i] ?? []),
      version,
    };
  return { ...model, days: applyToDays(model.days, op, (t) => ({ ...t, id: null })), version };
}

/** What the editor sends for the edit, built from the last trip the server answered with. */
function patchFor(trip: Trip, op: Op): Record<string, unknown> {
  // A version that never existed: refused whole. (An older, kept version is merged with what was
  // saved since: trip-merge.property.test.ts and trip-history.test.ts.)
  if (op.kind === "stale") return { version: trip.version + 1, destination: "Overwritten?" };
  if (op.kind === "shift")
    return { version: trip.version, startDate: dateAt(trip.startDate, op.days) };
  if (op.kind === "length")
    return { version: trip.version, endDate: dateAt(trip.startDate, op.days - 1) };
  const days = applyToDays<ModelActivity>(
    trip.itinerary.days.map((d) => d.activities),
    op,
    (t) => ({ ...t, id: null }),
  );
  return {
    version: trip.version,
    itinerary: {
      days: trip.itinerary.days.map((d, i) => ({
        date: d.date,
        activities: days[i]!.map(({ id, ...rest }): ActivityInput => (id ? { id, ...rest } : rest)),
      })),
    },
  };
}

const project = (trip: Trip) => ({
  startDate: trip.startDate,
  endDate: trip.endDate,
  version: trip.version,
  days: trip.itinerary.days.map((d) => ({
    date: d.date,
    activities: d.activities.map((a) => ({
      id: a.id,
      time: a.time,
      activity: a.activity,
      location: a.location,
      description: a.description,
      cost: a.cost,
    })),
  })),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

describe("PATCH /api/trips/:id against an in-memory model", () => {
  it("random edit sequences give the model's trip, ids kept and new ones fresh", async () => {
    const owner = await signUpUser(t);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        const row = await insertTrip(t.deps.database.db, owner.userId, { days: 3 });
        const first = await owner.client.get(`/api/trips/${row.id}`);
        let trip = tripResponseSchema.parse(await first.json()).trip;
        let model: Model = {
          startDate: trip.startDate,
          version: 1,
          days: project(trip).days.map((d) => d.activities),
        };
        const seen = new Set(model.days.flat().map((a) => a.id));
        for (const op of ops) {
          const res = await owner.client.patch(`/api/trips/${row.id}`, patchFor(trip, op));
          model = applyToModel(model, op);
          const json = (await res.json()) as unknown;
          if (op.kind === "stale") {
            expect(res.status).toBe(409);
            expect(project(tripResponseSchema.parse(json).trip)).toEqual(project(trip));
            continue;
          }
          expect(res.status, JSON.stringify(json)).toBe(200);
          trip = tripResponseSchema.parse(json).trip;
          // New activities get ids no activity had before; the model adopts them.
          model.days.forEach((day, d) =>
            day.forEach((a, i) => {
              if (a.id !== null) return;
              const id = trip.itinerary.days[d]?.activities[i]?.id ?? "";
              expect(seen.has(id)).toBe(false);
              a.id = id;
              seen.add(id);
            }),
          );
          const dates = model.days.map((_, i) => dateAt(model.startDate, i));
          expect(project(trip)).toEqual({
            startDate: model.startDate,
            endDate: dates.at(-1),
            version: model.version,
            days: model.days.map((activities, i) => ({ date: dates[i], activities })),
          });
        }
      }),
      { numRuns: 25 },
    );
  });
});
