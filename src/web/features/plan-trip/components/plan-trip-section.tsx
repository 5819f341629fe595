import { lazy, Suspense } from "react";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { usePublicConfig } from "#web/lib/get-public-config.ts";

// The form comes in its own chunk, with react-hook-form, the largest part of the page. The prerendered
// `/` fetches it before hydrating (app/router.tsx), so the form is in its HTML; a page built in the
// browser says "Loading..." in the form's place until the chunk is there (with `?tripId=`, until the
// trip is too: PlanTripPrefill).
const PlanTripPrefill = lazy(async () => ({
  default: (await import("./plan-trip-prefill.tsx")).PlanTripPrefill,
}));

/** What the traveller gets from this server's planner, in their words (GET /api/config `planner`). */
const PLANNER_NOTE: Record<PublicConfig["planner"], string> = {
  model: "Plans are written by an AI model from your destination, dates, budget and interests.",
  "real-places":
    "Plans are built from real OpenStreetMap places near your destination, open when you get there.",
  general:
    "Plans use general suggestions (kinds of places, not named venues), fitted to your budget.",
};

type Props = { authStatus: "loading" | "signed-in" | "signed-out"; tripId: string | null };

/** The Home form: prefilled from a kept draft, else the trip in `?tripId=`, else the profile. */
export function PlanTripSection({ authStatus, tripId }: Props) {
  const config = usePublicConfig();
  // Looked up, not assumed: a page cached from an older server may carry a config without it.
  const note: string | undefined = config.data && PLANNER_NOTE[config.data.planner];
  return (
    <section aria-labelledby="plan-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="plan-title" className="text-2xl font-bold">
        Plan Your Perfect Trip
      </h2>
      {note ? (
        <p className="mt-2 rounded-md bg-slate-100 p-3 text-sm text-slate-700">{note}</p>
      ) : null}
      <div className="mt-6">
        <Suspense fallback={<p role="status">Loading...</p>}>
          <PlanTripPrefill authStatus={authStatus} tripId={tripId} />
        </Suspense>
      </div>
    </section>
  );
}
