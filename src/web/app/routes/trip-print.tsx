import { useParams } from "#web/lib/router/location.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import {
  OwnTripPrintPage,
  SharedTripPrintPage,
} from "#web/features/trips/components/trip-print-pages.tsx";

export function TripPrintRoute() {
  const { id = "" } = useParams();
  return (
    <RequireAuth>
      <OwnTripPrintPage key={id} id={id} />
    </RequireAuth>
  );
}

// Public, like the shared page.
export function SharedTripPrintRoute() {
  const { id = "" } = useParams();
  return <SharedTripPrintPage key={id} id={id} />;
}
