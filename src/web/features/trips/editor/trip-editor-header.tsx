import { useRef, useState, type ReactNode } from "react";
import { useNavigate } from "#web/lib/router/location.tsx";
import { TRIP_NAME_MAX_LENGTH } from "#shared/constants.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { Menu } from "#web/components/ui/menu.tsx";
import { formatDateRange, formatUsd } from "#web/lib/format.ts";
import { dayTotal } from "../components/day-activities.tsx";
import { DeleteTripDialog } from "../components/delete-trip-dialog.tsx";
import { GroundingNote } from "../components/grounding-note.tsx";
import { ShareTripPanel } from "../components/share-trip-panel.tsx";
import { TripFact } from "../../../components/trip-fact.tsx";
import { SpendingSummary } from "#web/components/spending-breakdown.tsx";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import { DuplicateTripDialog } from "./duplicate-trip-dialog.tsx";
import { toEditable, type TripFacts } from "./editable-trip.ts";
import { TripFactsForm } from "./trip-facts-form.tsx";
import { TripNameForm } from "./trip-name-form.tsx";

type OpenDialog = "duplicate" | "delete" | null;

/**
 * The trip header for those who may edit (owner, editor; sharing and deleting are the owner's): its name (or the field that renames it), facts (or the form that edits
 * them), spending, one primary action (Share Trip) and the trip's other tools in one menu.
 */
export function TripEditorHeader({
  trip,
  extras,
  people,
  onSaveFacts,
  onRename,
}: {
  trip: Trip;
  /** Tools other features add (composed in the route file). */
  extras?: ReactNode;
  /** The compact button that opens the trip's people and invitations. */
  people?: ReactNode;
  onSaveFacts: (facts: TripFacts) => void;
  onRename: (name: string) => void;
}) {
  const [editingFacts, setEditingFacts] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const days = trip.itinerary.days;
  // The whole trip for the party when the server counts it (issue 47); else the plan's activities.
  const spending = trip.spending;
  const total = spending ? spending.total : days.reduce((sum, d) => sum + dayTotal(d), 0);
  const unknownCosts = days.flatMap((d) => d.activities).filter((a) => a.cost === null).length;
  const remaining = trip.budget - total;
  const backToMenu = () => menuButton.current;
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <header className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:gap-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* At least 12 rem for the name: on a phone the actions wrap below it instead of squeezing it. */}
        <div className="min-w-48 flex-1">
          {trip.role === "owner" ? null : (
            <p className="text-brand-800 text-sm font-medium">Shared by {trip.owner.name}</p>
          )}
          {renaming ? (
            <TripNameForm
              name={trip.name}
              maxLength={TRIP_NAME_MAX_LENGTH}
              onDone={(name) => {
                setRenaming(false);
                if (name !== null && name !== trip.name) onRename(name);
                menuButton.current?.focus();
              }}
            />
          ) : (
            <h1 className="text-3xl font-bold break-words">{trip.name}</h1>
          )}
          {trip.name === trip.destination ? null : (
            <p className="text-slate-600">{trip.destination}</p>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {people}
          {/* The public link is the owner's to give out or take back, like deleting the trip. */}
          {trip.role === "owner" ? <ShareTripPanel trip={trip} /> : null}
          <Menu
            label="More actions"
            size="md"
            triggerRef={menuButton}
            items={[
              { label: "Edit details", onSelect: () => setEditingFacts(true) },
              { label: "Rename trip", onSelect: () => setRenaming(true), movesFocus: true },
              // The home form prefills from ?tripId= (specification: "if a trip id is given").
              {
                label: "Plan a similar trip",
                onSelect: () => void navigate(`/?tripId=${trip.id}`),
              },
              // An .ics file: one event per activity, in the destination's time zone.
              {
                label: "Add to calendar",
                href: `/api/trips/${trip.id}/calendar.ics`,
                download: true,
              },
              { label: "Print", onSelect: () => void navigate(`/trips/${trip.id}/print`) },
              {
                label: "Duplicate with new dates",
                onSelect: () => setDialog("duplicate"),
                movesFocus: true,
              },
              ...(trip.role === "owner"
                ? [
                    {
                      label: "Delete Trip",
                      onSelect: () => setDialog("delete"),
                      danger: true,
                      movesFocus: true,
                    },
                  ]
                : []),
            ]}
          />
        </div>
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
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 sm:gap-4">
          <TripFact label="Dates">{formatDateRange(trip.startDate, trip.endDate)}</TripFact>
          <TripFact label="Style">{styleLabel(trip.travelStyle)}</TripFact>
          <TripFact label="Budget">{formatUsd(trip.budget)}</TripFact>
          <TripFact label="Planned spending" wide={spending !== undefined}>
            {formatUsd(total)}{" "}
            <span className={remaining < 0 ? "text-red-800" : "text-slate-600"}>
              {remaining < 0
                ? `(${formatUsd(-remaining)} over budget)`
                : `(${formatUsd(remaining)} under budget)`}
            </span>
            {/* What the total is made of, so "under budget" is not read as the whole trip's cost. */}
            {spending ? (
              <SpendingSummary spending={spending} travellers={trip.party.travellers} />
            ) : (
              <span className="block font-normal text-slate-600">
                Covers activities and meals; no lodging or travel yet
              </span>
            )}
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
      <DuplicateTripDialog
        tripId={trip.id}
        startDate={trip.startDate}
        open={dialog === "duplicate"}
        onOpenChange={closeDialog}
        returnFocusTo={backToMenu}
      />
      {trip.role !== "owner" ? null : (
        <DeleteTripDialog
          tripId={trip.id}
          open={dialog === "delete"}
          onOpenChange={closeDialog}
          returnFocusTo={backToMenu}
        />
      )}
    </header>
  );
}
