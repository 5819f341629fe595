import { lazy, Suspense } from "react";
import type { MoneyMember } from "../money-member.ts";
import type { MoneyTrip } from "../trip-currencies.ts";

// The tab's code (forms, the currency table, the schemas) is fetched when the tab is first opened:
// the trip page and its first view never carry it.
const MoneyPanel = lazy(async () => ({
  default: (await import("./money-panel.tsx")).MoneyPanel,
}));

/** The Money tab of a trip, loaded on first open. Viewers see it all and add nothing. */
export function MoneyTab(props: {
  trip: MoneyTrip;
  members: readonly MoneyMember[];
  userId: string | undefined;
  canEdit: boolean;
}) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      }
    >
      <MoneyPanel {...props} />
    </Suspense>
  );
}
