import { z } from "zod/mini";
import { INTERESTS, TRAVEL_STYLES } from "#shared/constants.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";

const KEY = "boundless:plan-trip-draft";

// zod's mini API, as on the other parse paths of the first view: the Home page reads the draft
// before the visitor types anything, and classic zod is only fetched for the form's own checks.
const draftSchema = z.partial(
  z.object({
    destination: z.string().check(z.maxLength(500)),
    startDate: z.string().check(z.maxLength(20)),
    endDate: z.string().check(z.maxLength(20)),
    budget: z.nullable(z.number()),
    travelStyle: z.enum(TRAVEL_STYLES),
    interests: z.array(z.enum(INTERESTS)),
  }),
);

/** What a signed-out visitor typed, kept for the tab's lifetime so logging in loses nothing. */
export function loadDraft(): Partial<TripRequestInput> | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const { budget, ...rest } = parsed.data;
    return budget === null || budget === undefined ? rest : { ...rest, budget };
  } catch {
    return null;
  }
}

export function saveDraft(values: Partial<TripRequestInput>) {
  try {
    const budget =
      typeof values.budget === "number" && !Number.isNaN(values.budget) ? values.budget : null;
    sessionStorage.setItem(KEY, JSON.stringify({ ...values, budget }));
  } catch {
    // Storage full or disabled: the visitor retypes, nothing breaks.
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
