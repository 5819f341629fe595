import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestOrder,
  EXACT_MAX_MOVABLE,
  scheduleOrder,
  type OrderItem,
  type OrderProblem,
} from "./order-search.ts";

/*
 * "Order this day" (issue 46): the search against brute force over every order of small days with
 * random legs, bookings, unlocated visits, opening hours and meal windows; and the heuristic on
 * days too large for it: never worse than the day's own order, every rule kept.
 */

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]),
  );
}

const bruteForce = (problem: OrderProblem) =>
  permutations(problem.items.length)
    .map((order) => scheduleOrder(problem, order))
    .reduce<number | null>(
      (best, s) => (s && (best === null || s.travel < best) ? s.travel : best),
      null,
    );

const itemArb = fc.record({
  start: fc.integer({ min: 8 * 12, max: 20 * 12 }).map((k) => k * 5),
  durationMinutes: fc.integer({ min: 3, max: 24 }).map((k) => k * 5),
  booked: fc.integer({ min: 0, max: 5 }).map((k) => k === 0),
  located: fc.integer({ min: 0, max: 9 }).map((k) => k > 0),
  // Closed for an hour or two at some point of the day (a lunch break), or open all day.
  closed: fc.option(
    fc.record({
      from: fc.integer({ min: 9 * 4, max: 18 * 4 }).map((k) => k * 15),
      length: fc.integer({ min: 30, max: 180 }),
    }),
    { nil: null },
  ),
  meal: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
});

const problemArb = (sizes: { minLength: number; maxLength: number }) =>
  fc
    .record({
      raw: fc.array(itemArb, sizes),
      fromStay: fc.boolean(),
      seed: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 200, maxLength: 200 }),
    })
    .map(({ raw, fromStay, seed }): OrderProblem => {
      const items: OrderItem[] = raw.map((r) => {
        const meal =
          r.meal === null
            ? null
            : [
                [690, 870],
                [1080, 1290],
                [420, 630],
              ][r.meal]!;
        return {
          start: r.start,
          durationMinutes: r.durationMinutes,
          fixed: (r.booked && r.located) || !r.located,
          located: r.located,
          ...(r.closed
            ? {
                openAt: (at: number) =>
                  !(at >= r.closed!.from && at < r.closed!.from + r.closed!.length),
              }
            : {}),
          startFrom: meal ? Math.min(meal[0]!, r.start) : 0,
          startUntil: meal ? Math.max(meal[1]!, r.start) : 1440,
          endBy: Math.max(22 * 60 + 30, r.start + r.durationMinutes),
        };
      });
      const n = items.length;
      return {
        items,
        fromStay,
        leg: (i, j) =>
          (i === n || items[i]!.located) && items[j]!.located
            ? seed[(i * 13 + j * 7) % seed.length]!
            : null,
      };
    });

describe("bestOrder", () => {
  it("finds the least travel of every order, or that none keeps the rules (brute force)", () => {
    fc.assert(
      fc.property(problemArb({ minLength: 1, maxLength: 6 }), (problem) => {
        const { schedule, exact } = bestOrder(problem);
        expect(exact).toBe(true);
        expect(schedule?.travel ?? null).toBe(bruteForce(problem));
        // The schedule given is the one its order has.
        if (schedule) expect(scheduleOrder(problem, schedule.order)).toEqual(schedule);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps booked and unlocated visits at their times", () => {
    fc.assert(
      fc.property(problemArb({ minLength: 2, maxLength: 7 }), (problem) => {
        const { schedule } = bestOrder(problem);
        if (!schedule) return;
        schedule.order.forEach((j, k) => {
          if (problem.items[j]!.fixed) expect(schedule.starts[k]).toBe(problem.items[j]!.start);
        });
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the day's own order when it already travels least", () => {
    // Three visits on a line, in order: any other order goes back and forth.
    const items: OrderItem[] = [0, 1, 2].map((k) => ({
      start: 9 * 60 + k * 120,
      durationMinutes: 60,
      fixed: false,
      located: true,
      startFrom: 0,
      startUntil: 1440,
      endBy: 22 * 60 + 30,
    }));
    const problem: OrderProblem = {
      items,
      fromStay: false,
      leg: (i, j) => Math.abs(i - j) * 10,
    };
    expect(bestOrder(problem).schedule?.order).toEqual([0, 1, 2]);
  });

  it(`beyond ${EXACT_MAX_MOVABLE} visits: a heuristic, never worse than the day's own order`, () => {
    fc.assert(
      fc.property(problemArb({ minLength: 9, maxLength: 12 }), (problem) => {
        const movable = problem.items.filter((i) => !i.fixed).length;
        const own = scheduleOrder(problem, [...problem.items.keys()]);
        const { schedule, exact } = bestOrder(problem);
        expect(exact).toBe(movable <= EXACT_MAX_MOVABLE);
        if (own) expect(schedule!.travel).toBeLessThanOrEqual(own.travel);
        if (schedule) expect(scheduleOrder(problem, schedule.order)).toEqual(schedule);
      }),
      { numRuns: 40 },
    );
  });
});
