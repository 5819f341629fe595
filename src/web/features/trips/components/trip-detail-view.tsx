import { usePageTitle } from "#web/components/page-title.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useDeferredFirstData } from "#web/lib/deferred-first-data.ts";
import { usePageShellRelease } from "#web/lib/page-shell.ts";
import { useTrip } from "../api/get-trip.ts";
import type { TripDetailSlots } from "#web/lib/trip/trip-slots.ts";
import { TripEditor } from "../editor/trip-editor.tsx";
import { TripNotFound } from "./trip-not-found.tsx";
import { TripLoadError } from "./trip-load-error.tsx";
import { TripViewer } from "./trip-viewer.tsx";

/**
 * /trips/:id for a member: the trip as an editor (owner, editor) or to read (viewer). Other features add to it through `slots`
 * (composed in the route file), never by importing this feature.
 */
export function TripDetailView({ id, slots }: { id: string; slots?: TripDetailSlots }) {
  const query = useTrip(id);
  const trip = useDeferredFirstData(query.data);
  usePageTitle(query.data?.name ?? "Trip");
  // The server's shell (the trip's title) stays until there is more than "Loading..." to show.
  usePageShellRelease(query.isError || trip !== undefined);

  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return <TripNotFound action={{ to: "/trips", label: "Back to My Trips" }} />;
    }
    return <TripLoadError onRetry={() => void query.refetch()} />;
  }
  if (!trip) {
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  }
  // A viewer gets the plan without edit controls; owner and editors the editor.
  if (trip.role === "viewer") return <TripViewer trip={trip} slots={slots} />;
  return <TripEditor trip={trip} slots={slots} />;
}
