import { lazy, Suspense } from "react";
import type { PackingMember } from "../packing-member.ts";

// The tab's code (forms, the schemas) is fetched when the tab is first opened, never with the plan.
const PackingPanel = lazy(async () => ({
  default: (await import("./packing-panel.tsx")).PackingPanel,
}));

/** The Packing tab of a trip, loaded on first open. Viewers read and tick, and add nothing. */
export function PackingTab(props: {
  tripId: string;
  userId: string;
  canEdit: boolean;
  members: readonly PackingMember[];
}) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      }
    >
      <PackingPanel {...props} />
    </Suspense>
  );
}
