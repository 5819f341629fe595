import { ApiRequestError } from "#web/lib/api-client.ts";
import { useSharedTrip } from "../api/get-shared-trip.ts";
import { useTrip } from "../api/get-trip.ts";
import { TripNotFound } from "./trip-not-found.tsx";
import { TripLoadError } from "./trip-load-error.tsx";
import { TripPrintView, type PrintableTrip } from "./trip-print-view.tsx";

function PrintState({
  query,
  backTo,
  notFoundAction,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: PrintableTrip;
    refetch: () => unknown;
  };
  backTo: string;
  notFoundAction: { to: string; label: string };
}) {
  if (query.isPending)
    return (
      <p role="status" className="p-6 text-slate-600">
        Loading...
      </p>
    );
  if (query.isError || !query.data) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return <TripNotFound action={notFoundAction} />;
    return <TripLoadError onRetry={() => void query.refetch()} />;
  }
  return <TripPrintView trip={query.data} backTo={backTo} />;
}

/** /trips/:id/print for the owner. */
export function OwnTripPrintPage({ id }: { id: string }) {
  const query = useTrip(id);
  return (
    <PrintState
      query={query}
      backTo={`/trips/${id}`}
      notFoundAction={{ to: "/trips", label: "Back to My Trips" }}
    />
  );
}

/** /shared/:token/print for anyone with the link to a public trip (`id` is the link's token). */
export function SharedTripPrintPage({ id }: { id: string }) {
  const query = useSharedTrip(id);
  return (
    <PrintState
      query={query}
      backTo={`/shared/${encodeURIComponent(id)}`}
      notFoundAction={{ to: "/", label: "Plan your own trip" }}
    />
  );
}
