/*
 * The order of a day's activities that travels least (issue 46, "Order this day"), as a search
 * over orders. Pure: the legs and the opening hours are given. Exact up to EXACT_MAX_MOVABLE
 * activities that can move (every order, pruned by a lower bound and by dominated states); beyond,
 * nearest neighbour then 2-opt and moves of one activity, under the same rules.
 */

/** Every order is searched up to this many activities that can move. */
export const EXACT_MAX_MOVABLE = 8;

/** A visit started later than planned starts on a five-minute mark (as fitted times do). */
const STEP = 5;
/**
 * A visit starts when it is reached (or at its slot, when that is later), or at most this much
 * later for its place to open or its meal's window to begin: an order that leaves the traveller
 * waiting longer outside a closed door is not one to propose.
 */
const MAX_WAIT = 30;
/** No visit is moved to start after this (the realism checks' latest start, 23:30). */
const LATEST_START = 23 * 60 + 30;

export type OrderItem = {
  /** Its start now, minutes after midnight: a fixed item keeps it. */
  start: number;
  durationMinutes: number;
  /** Stays at its time (a booking; an unlocated visit, which no leg can weigh). */
  fixed: boolean;
  /** Has a place, hence legs; an unlocated item is passed through (the leg runs past it). */
  located: boolean;
  /** Whether the place is not closed when a visit starts then; absent: hours unknown. */
  openAt?: (start: number) => boolean;
  /** Where a start may lie (a meal's window, the stop's part of the day): minutes, inclusive. */
  startFrom: number;
  startUntil: number;
  /** Where the visit must have ended by. */
  endBy: number;
};

export type OrderProblem = {
  items: readonly OrderItem[];
  /**
   * Minutes of the leg from `from` to `to`; `from` is `items.length` for the night's stay. Null when
   * there is none (an unlocated end).
   */
  leg: (from: number, to: number) => number | null;
  /** The day starts from a stay: the first located visit's leg from it counts. */
  fromStay: boolean;
};

export type Schedule = { order: number[]; starts: number[]; travel: number };

type State = { last: number; end: number; position: number };

const roundUp = (minutes: number) => Math.ceil(minutes / STEP) * STEP;

/** The day's start times, earliest first: the k-th visit of any order starts no earlier than the k-th. */
const slotsOf = (items: readonly OrderItem[]) => items.map((i) => i.start).sort((a, b) => a - b);

/**
 * Placing item `j` next: its start (the earliest its leg, its slot, its window and its hours allow,
 * waiting MAX_WAIT at most) and the leg's minutes, or null when it cannot be placed. Each order has
 * this one schedule: "exact" is the least travel over every order scheduled so.
 */
function place(
  problem: OrderProblem,
  slots: readonly number[],
  state: State,
  j: number,
): { start: number; leg: number } | null {
  const item = problem.items[j]!;
  const leg = item.located && state.last >= 0 ? (problem.leg(state.last, j) ?? 0) : 0;
  const arrival = state.end + leg;
  if (item.fixed) return arrival > item.start ? null : { start: item.start, leg };
  const slot = slots[state.position] ?? 0;
  const reached = arrival > slot ? roundUp(arrival) : slot;
  const latest = Math.min(
    reached + MAX_WAIT,
    item.startUntil,
    item.endBy - item.durationMinutes,
    LATEST_START,
  );
  for (let start = Math.max(reached, item.startFrom); start <= latest; start += STEP)
    if (!item.openAt || item.openAt(start)) return { start, leg };
  return null;
}

const startState = (problem: OrderProblem): State => ({
  last: problem.fromStay ? problem.items.length : -1,
  end: Number.NEGATIVE_INFINITY,
  position: 0,
});

/** The schedule of one order, or null when some visit cannot be placed in it. */
export function scheduleOrder(problem: OrderProblem, order: readonly number[]): Schedule | null {
  const slots = slotsOf(problem.items);
  let state = startState(problem);
  const starts: number[] = [];
  let travel = 0;
  for (const j of order) {
    const placed = place(problem, slots, state, j);
    if (!placed) return null;
    const item = problem.items[j]!;
    starts.push(placed.start);
    travel += placed.leg;
    state = {
      last: item.located ? j : state.last,
      end: placed.start + item.durationMinutes,
      position: state.position + 1,
    };
  }
  return { order: [...order], starts, travel };
}

/** Every order, depth first; ties keep the order found first (the day's own, when it is best). */
function exactSearch(problem: OrderProblem): Schedule | null {
  const { items } = problem;
  const n = items.length;
  const slots = slotsOf(items);
  const fixed = items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => item.fixed)
    .sort((a, b) => a.item.start - b.item.start || a.i - b.i)
    .map(({ i }) => i);
  // The least any leg into each located item can be: a bound on what the rest will cost.
  const sources = [...items.keys(), ...(problem.fromStay ? [n] : [])];
  const leastInto = items.map((item, j) =>
    item.located
      ? Math.min(
          ...sources
            .filter((i) => i !== j)
            .map((i) => problem.leg(i, j) ?? Number.POSITIVE_INFINITY),
        )
      : 0,
  );
  const bound = (mask: number, last: number) => {
    let sum = 0;
    let largest = 0;
    for (let j = 0; j < n; j++)
      if (!(mask & (1 << j)) && items[j]!.located) {
        const least = Number.isFinite(leastInto[j]!) ? leastInto[j]! : 0;
        sum += least;
        largest = Math.max(largest, least);
      }
    // With nothing located before it, the first located visit has no leg.
    return last < 0 ? sum - largest : sum;
  };

  let best: Schedule | null = null;
  const seen = new Map<string, number>();
  const order: number[] = [];
  const starts: number[] = [];
  const visit = (mask: number, state: State, cost: number) => {
    if (best && cost + bound(mask, state.last) >= best.travel) return;
    if (state.position === n) {
      best = { order: [...order], starts: [...starts], travel: cost };
      return;
    }
    // The same items placed, ending at the same place at the same time for no less: nothing new.
    // (An earlier end does not dominate a later one: a closed door may open meanwhile.)
    const key = `${mask}:${state.last}:${state.end}`;
    const known = seen.get(key);
    if (known !== undefined && known <= cost) return;
    seen.set(key, cost);
    const nextFixed = fixed.find((i) => !(mask & (1 << i)));
    for (let j = 0; j < n; j++) {
      if (mask & (1 << j)) continue;
      if (items[j]!.fixed && j !== nextFixed) continue;
      const placed = place(problem, slots, state, j);
      if (!placed) continue;
      order.push(j);
      starts.push(placed.start);
      visit(
        mask | (1 << j),
        {
          last: items[j]!.located ? j : state.last,
          end: placed.start + items[j]!.durationMinutes,
          position: state.position + 1,
        },
        cost + placed.leg,
      );
      order.pop();
      starts.pop();
    }
  };
  visit(0, startState(problem), 0);
  return best;
}

/** Nearest neighbour: the next visit is the closest one that can be placed. */
function nearestNeighbour(problem: OrderProblem): Schedule | null {
  const n = problem.items.length;
  const left = new Set(problem.items.keys());
  const order: number[] = [];
  let state = startState(problem);
  const slots = slotsOf(problem.items);
  while (left.size > 0) {
    const nextFixed = [...left]
      .filter((i) => problem.items[i]!.fixed)
      .sort((a, b) => problem.items[a]!.start - problem.items[b]!.start)[0];
    let pick: { j: number; start: number; leg: number } | null = null;
    for (const j of left) {
      if (problem.items[j]!.fixed && j !== nextFixed) continue;
      const placed = place(problem, slots, state, j);
      if (placed && (!pick || placed.leg < pick.leg)) pick = { j, ...placed };
    }
    if (!pick) return null;
    left.delete(pick.j);
    order.push(pick.j);
    const item = problem.items[pick.j]!;
    state = {
      last: item.located ? pick.j : state.last,
      end: pick.start + item.durationMinutes,
      position: state.position + 1,
    };
  }
  return order.length === n ? scheduleOrder(problem, order) : null;
}

/** 2-opt (a stretch of the order reversed) and moves of one visit, while either shortens it. */
function improve(problem: OrderProblem, start: Schedule): Schedule {
  let best = start;
  const n = best.order.length;
  const better = (order: number[]) => {
    const schedule = scheduleOrder(problem, order);
    if (schedule && schedule.travel < best.travel) {
      best = schedule;
      return true;
    }
    return false;
  };
  for (let round = 0, improved = true; improved && round < 100; round++) {
    improved = false;
    for (let i = 0; i < n - 1; i++)
      for (let j = i + 1; j < n; j++) {
        const o = best.order;
        if (better([...o.slice(0, i), ...o.slice(i, j + 1).reverse(), ...o.slice(j + 1)]))
          improved = true;
      }
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const o = [...best.order];
        const [moved] = o.splice(i, 1);
        o.splice(j, 0, moved!);
        if (better(o)) improved = true;
      }
  }
  return best;
}

/**
 * The order that travels least with every visit placed, or null when no order places them all.
 * `exact`: every order was weighed (EXACT_MAX_MOVABLE or fewer visits can move).
 */
export function bestOrder(problem: OrderProblem): { schedule: Schedule | null; exact: boolean } {
  const movable = problem.items.filter((i) => !i.fixed).length;
  if (movable <= EXACT_MAX_MOVABLE) return { schedule: exactSearch(problem), exact: true };
  const starts = [
    scheduleOrder(problem, [...problem.items.keys()]),
    nearestNeighbour(problem),
  ].filter((s): s is Schedule => s !== null);
  const improved = starts.map((s) => improve(problem, s));
  const schedule = improved.reduce<Schedule | null>(
    (best, s) => (!best || s.travel < best.travel ? s : best),
    null,
  );
  return { schedule, exact: false };
}
