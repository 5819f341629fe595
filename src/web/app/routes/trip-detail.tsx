import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/components/route-guard.tsx";

// Replaced by its feature issue; registered now so the route table and guard are complete.
export function TripDetailRoute() {
  usePageTitle("Trip");
  return (
    <RequireAuth>
      <h1 className="text-2xl font-bold">Trip</h1>
    </RequireAuth>
  );
}
