import { INTERESTS, TRAVEL_STYLES, type Interest, type TravelStyle } from "#shared/constants.ts";
import { AVOIDABLE, CUISINES, LODGING_KINDS, LODGING_NEEDS } from "#shared/trip-party.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
// Named with every other per-user store: a draft left by a previous user is forgotten with them.
import {
  currentTabUserId,
  PLAN_DRAFT_MAX_AGE_MS,
  PLAN_DRAFT_STORAGE_KEY as KEY,
} from "#web/lib/user-data.ts";

// Bookings are not typed in the form, so a draft never holds them.
type Draft = Partial<Omit<TripRequestInput, "bookings" | "planRest">>;

const textUpTo = (max: number) => (value: unknown) =>
  typeof value === "string" && value.length <= max;
const isTravelStyle = (value: unknown): value is TravelStyle =>
  (TRAVEL_STYLES as readonly unknown[]).includes(value);
const isInterest = (value: unknown): value is Interest =>
  (INTERESTS as readonly unknown[]).includes(value);

// Checked by hand, not with zod: the Home page reads the draft in its first render, before the
// visitor types anything, and zod (even its mini build) costs a phone about 90 ms of main thread to
// load and build a schema. zod arrives with the form's first check (lib/lazy-resolver.ts).
const isOneOf = (list: readonly string[]) => (value: unknown) =>
  typeof value === "string" && list.includes(value);
const listOf = (list: readonly string[]) => (value: unknown) =>
  Array.isArray(value) && value.length <= list.length && value.every(isOneOf(list));

const FIELD_CHECKS: { [K in keyof Draft]-?: (value: unknown) => boolean } = {
  origin: (value) => value === null || textUpTo(500)(value),
  travellers: (value) => typeof value === "number" && Number.isFinite(value),
  lodging: (value) =>
    typeof value === "object" &&
    value !== null &&
    isOneOf(LODGING_KINDS)((value as { kind?: unknown }).kind) &&
    listOf(LODGING_NEEDS)((value as { needs?: unknown }).needs),
  cuisines: listOf(CUISINES),
  avoid: listOf(AVOIDABLE),
  destination: textUpTo(500),
  startDate: textUpTo(20),
  endDate: textUpTo(20),
  budget: (value) => value === null || (typeof value === "number" && Number.isFinite(value)),
  travelStyle: isTravelStyle,
  interests: (value) => Array.isArray(value) && value.every(isInterest),
  stops: (value) =>
    Array.isArray(value) &&
    value.length <= 8 &&
    value.every(
      (stop: unknown) =>
        typeof stop === "object" &&
        stop !== null &&
        textUpTo(500)((stop as { destination?: unknown }).destination) &&
        ["number", "undefined"].includes(typeof (stop as { nights?: unknown }).nights) &&
        !Number.isNaN((stop as { nights?: unknown }).nights),
    ),
};

/**
 * A stored draft, or null when it is not one: every field is optional, a field that is present
 * must be valid (else the whole draft is dropped, as a stale or tampered copy), others are ignored.
 */
export function parseDraft(stored: unknown): Draft | null {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const fields = stored as Record<string, unknown>;
  const draft: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(FIELD_CHECKS)) {
    const value = fields[name];
    if (value === undefined) continue;
    if (!check(value)) return null;
    // A budget left empty is saved as null and restored as no budget.
    if (value !== null) draft[name] = value;
  }
  return draft;
}

/**
 * What the visitor typed, kept in this browser (every tab) for a day, so signing up, logging in
 * and verifying (perhaps in another tab) lose nothing; another user's draft is never shown.
 */
export function loadDraft(now = Date.now()): Partial<TripRequestInput> | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { savedAt?: unknown; owner?: unknown; values?: unknown };
    const fresh =
      typeof stored.savedAt === "number" &&
      now - stored.savedAt >= 0 &&
      now - stored.savedAt < PLAN_DRAFT_MAX_AGE_MS;
    if (!fresh) {
      localStorage.removeItem(KEY);
      return null;
    }
    const user = currentTabUserId();
    if (typeof stored.owner === "string" && user !== null && stored.owner !== user) return null;
    return parseDraft(stored.values);
  } catch {
    return null;
  }
}

export function saveDraft(values: Partial<TripRequestInput>) {
  try {
    const budget =
      typeof values.budget === "number" && !Number.isNaN(values.budget) ? values.budget : null;
    // A city whose nights field is empty keeps its name; its nights are left out, not NaN (null).
    const stops = values.stops?.map(({ destination, nights }) =>
      Number.isFinite(nights) ? { destination, nights } : { destination },
    );
    localStorage.setItem(
      KEY,
      JSON.stringify({
        savedAt: Date.now(),
        owner: currentTabUserId(),
        values: { ...values, budget, stops },
      }),
    );
  } catch {
    // Storage full or disabled: the visitor retypes, nothing breaks.
  }
}

export function clearDraft() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
