import { useParams } from "react-router";
import { SharedTripView } from "#web/features/trips/components/shared-trip-view.tsx";

// Public: anyone with the link, signed in or not.
export function SharedTripRoute() {
  const { id = "" } = useParams();
  return <SharedTripView key={id} id={id} />;
}
