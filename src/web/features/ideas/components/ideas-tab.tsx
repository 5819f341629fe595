import { lazy, Suspense, type ReactNode } from "react";
import type { LocationFieldProps } from "#web/lib/trip/trip-slots.ts";
import type { IdeasTrip } from "../ideas-trip.ts";

// The tab's code (forms, schemas) is fetched when the tab is first opened, never with the plan.
const IdeasPanel = lazy(async () => ({
  default: (await import("./ideas-panel.tsx")).IdeasPanel,
}));

/** The Ideas tab of a trip: the group's polls, then its ideas to vote on and pull into days. */
export function IdeasTab(props: {
  trip: IdeasTrip;
  userId: string | undefined;
  /** The place search (another feature's), composed by the page: ideas from a real place. */
  renderPlaceField?: (props: LocationFieldProps) => ReactNode;
}) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      }
    >
      <IdeasPanel {...props} />
    </Suspense>
  );
}
