import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import { TripListView } from "#web/features/trip-list/components/trip-list-view.tsx";

export function TripsRoute() {
  usePageTitle("My Trips");
  return (
    <RequireAuth>
      <TripListView />
    </RequireAuth>
  );
}
