import { useId } from "react";
import { TRIP_PURGE_DAYS } from "#shared/constants.ts";
import type { DeletedTrip } from "#shared/schemas/trip-deletion.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { formatDate, formatDateRange } from "#web/lib/format.ts";
import { useDeletedTrips, useUndeleteTrip } from "../api/deleted-trips.ts";

/** A timestamp's calendar day, as the trip list writes dates ("Jan 5, 2026"). */
const dayOf = (timestamp: string) => formatDate(timestamp.slice(0, 10));

function DeletedTripItem({ trip }: { trip: DeletedTrip }) {
  const restore = useUndeleteTrip();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="min-w-0">
        <h3 className="font-semibold break-words">{trip.name}</h3>
        <p className="text-sm text-slate-600">
          {trip.destination} · {formatDateRange(trip.startDate, trip.endDate)}
        </p>
        <p className="text-sm text-slate-600">
          Deleted {dayOf(trip.deletedAt)} · removed for good on {dayOf(trip.purgeAt)}
        </p>
        {restore.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(restore.error, "Failed to restore the trip")}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Restore ${trip.name}`}
        disabled={restore.isPending}
        onClick={() => restore.mutate(trip.id)}
      >
        {restore.isPending ? "Restoring..." : "Restore"}
      </Button>
    </li>
  );
}

/**
 * My Trips' "Recently deleted": the reader's own trips deleted in the last 30 days, each restorable
 * with everything it held. Shown only when there is one; a failed read is said, not hidden.
 */
export function RecentlyDeleted() {
  const headingId = useId();
  const query = useDeletedTrips();
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(query.error, "Failed to load the recently deleted trips")}
      </p>
    );
  if (query.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-xl font-semibold">
        Recently deleted
      </h2>
      <p className="text-sm text-slate-700">
        Trips you deleted stay here for {TRIP_PURGE_DAYS} days with everything they held; restore
        one to bring it back for you and your companions.
      </p>
      <ul className="flex flex-col gap-2">
        {query.data.map((trip) => (
          <DeletedTripItem key={trip.id} trip={trip} />
        ))}
      </ul>
    </section>
  );
}
