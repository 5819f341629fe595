import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { Trip } from "#shared/schemas/trip.ts";
import { Button, buttonStyles } from "#web/components/ui/button.tsx";
import { formatDateRange, formatUsd } from "#web/lib/format.ts";
import { dayTotal } from "../components/day-activities.tsx";
import { DeleteTripButton } from "../components/delete-trip-dialog.tsx";
import { GroundingNote } from "../components/grounding-note.tsx";
import { ShareTripPanel } from "../components/share-trip-panel.tsx";
import { TakeAlongLinks } from "../components/take-along-links.tsx";
import { TripFact } from "../components/trip-fact.tsx";
import { styleLabel } from "../format.ts";
import { DuplicateTripButton } from "./duplicate-trip-button.tsx";
import { toEditable, type TripFacts } from "./editable-trip.ts";
import { TripFactsForm } from "./trip-facts-form.tsx";

/** The owner's trip header: its facts (or the form that edits them), spending, and the trip's tools. */
export function TripEditorHeader({
  trip,
  extras,
  onSaveFacts,
}: {
  trip: Trip;
  /** Tools other features add (composed in the route file). */
  extras?: ReactNode;
  onSaveFacts: (facts: TripFacts) => void;
}) {
  const [editingFacts, setEditingFacts] = useState(false);
  const days = trip.itinerary.days;
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const unknownCosts = days.flatMap((d) => d.activities).filter((a) => a.cost === null).length;
  const remaining = trip.budget - total;
  return (
    <header className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {trip.role === "owner" ? null : (
            <p className="text-brand-800 text-sm font-medium">Shared by {trip.owner.name}</p>
          )}
          <h1 className="text-3xl font-bold break-words">{trip.name}</h1>
          {trip.name === trip.destination ? null : (
            <p className="text-slate-600">{trip.destination}</p>
          )}
        </div>
        {editingFacts ? null : (
          <Button variant="secondary" size="sm" onClick={() => setEditingFacts(true)}>
            Edit details
          </Button>
        )}
      </div>
      {editingFacts ? (
        <TripFactsForm
          trip={toEditable(trip)}
          onCancel={() => setEditingFacts(false)}
          onSave={(facts) => {
            setEditingFacts(false);
            onSaveFacts(facts);
          }}
        />
      ) : (
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <TripFact label="Dates">{formatDateRange(trip.startDate, trip.endDate)}</TripFact>
          <TripFact label="Style">{styleLabel(trip.travelStyle)}</TripFact>
          <TripFact label="Budget">{formatUsd(trip.budget)}</TripFact>
          <TripFact label="Planned spending">
            {formatUsd(total)}{" "}
            <span className={remaining < 0 ? "text-red-800" : "text-slate-600"}>
              {remaining < 0
                ? `(${formatUsd(-remaining)} over budget)`
                : `(${formatUsd(remaining)} under budget)`}
            </span>
            {/* What the total is made of, so "under budget" is not read as the whole trip's cost. */}
            <span className="block font-normal text-slate-600">
              Covers activities and meals; no lodging or travel yet
            </span>
            {unknownCosts > 0 ? (
              <span className="block font-normal text-slate-600">
                Not counted: {unknownCosts} with unknown cost
              </span>
            ) : null}
          </TripFact>
        </dl>
      )}
      <GroundingNote grounding={trip.grounding} days={days} />
      {extras}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {/* The public link is the owner's to give out or take back, like deleting the trip. */}
        {trip.role === "owner" ? <ShareTripPanel trip={trip} /> : <div />}
        <div className="flex flex-wrap gap-3">
          {/* The home form prefills from ?tripId= (specification: "if a trip id is given"). */}
          <Link to={`/?tripId=${trip.id}`} className={buttonStyles({ variant: "secondary" })}>
            Plan a similar trip
          </Link>
          <TakeAlongLinks
            calendarHref={`/api/trips/${trip.id}/calendar.ics`}
            printTo={`/trips/${trip.id}/print`}
          />
          <DuplicateTripButton tripId={trip.id} startDate={trip.startDate} />
          {trip.role === "owner" ? <DeleteTripButton tripId={trip.id} /> : null}
        </div>
      </div>
    </header>
  );
}
