import { Link } from "#web/lib/router/link.tsx";
import type { TripSummary } from "#shared/schemas/trip-list.ts";
import { formatDateRange, formatUsd } from "#web/lib/format.ts";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import { TripCardMap } from "./trip-card-map.tsx";
import { TripFact } from "../../../components/trip-fact.tsx";

/** A trip's status as a traveller says it (the stored word is for the program). */
export function statusLabel(status: string): string {
  if (status === "generated") return "Plan ready";
  if (status === "generating") return "Being planned";
  if (status === "failed") return "Planning failed";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function TripCard({ trip }: { trip: TripSummary }) {
  return (
    <article className="focus-within:ring-brand-600 relative flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 hover:shadow-md">
      <TripCardMap points={trip.points ?? []} destination={trip.destination} />
      <h2 className="text-lg font-semibold break-words text-slate-900">
        {/* The whole card is the link's hit area; the heading text is its name. */}
        <Link to={`/trips/${trip.id}`} className="after:absolute after:inset-0 focus:outline-none">
          {trip.name}
        </Link>
      </h2>
      {trip.name === trip.destination ? null : (
        <p className="text-sm text-slate-700">{trip.destination}</p>
      )}
      <p className="text-sm text-slate-600">{formatDateRange(trip.startDate, trip.endDate)}</p>
      {trip.role === "owner" ? null : (
        <p className="text-sm font-medium text-slate-700">Shared by {trip.owner.name}</p>
      )}
      <dl className="mt-auto grid grid-cols-3 gap-2 text-sm">
        <TripFact label="Style">{styleLabel(trip.travelStyle)}</TripFact>
        <TripFact label="Budget">{formatUsd(trip.budget)}</TripFact>
        <TripFact label="Status">{statusLabel(trip.status)}</TripFact>
      </dl>
      {trip.isPublic && trip.role === "owner" ? (
        <p className="bg-brand-50 text-brand-800 w-fit rounded-full px-2 py-0.5 text-xs font-medium">
          Shared
        </p>
      ) : null}
    </article>
  );
}
