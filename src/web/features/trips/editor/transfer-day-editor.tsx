import { useState } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { Transport } from "#shared/schemas/trip-stops.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { dayStopIndexes } from "#shared/trip-stop-days.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TransferDayHeader } from "../stops/transfer-day-header.tsx";
import {
  addTransport,
  newActivityId,
  patchTransport,
  removeTransport,
  type TripChange,
} from "./editable-trip.ts";
import { JourneyForm } from "./journey-form.tsx";
import { formOutcome, saveFromForm, type TripEditor } from "./use-trip-editor.ts";

/** A new journey for a transfer day: from the city left to the one arrived at, in their zones. */
function newJourney(trip: Trip, day: Day): Transport {
  const [from = 0, to = from] = dayStopIndexes(day);
  const leaving = trip.stops[from];
  const arriving = trip.stops[to];
  return {
    id: newActivityId(),
    mode: "train",
    from: leaving?.destination ?? "",
    to: arriving?.destination ?? "",
    departAt: `${day.date}T10:00`,
    arriveAt: `${day.date}T12:00`,
    // Empty: the server takes the nearest stop's zone.
    departZone: leaving?.place?.timezone ?? "",
    arriveZone: arriving?.place?.timezone ?? "",
    carrier: null,
    number: null,
    reference: null,
    notes: null,
  };
}

/** The selected day's "Paris → Lyon" header with its journey, or Add how you get there. */
export function TransferDayEditor({
  trip,
  day,
  editor,
}: {
  trip: Trip;
  day: Day;
  editor: TripEditor;
}) {
  const [open, setOpen] = useState<{ journey: Transport; isNew: boolean } | null>(null);
  const save = (change: TripChange) => {
    setOpen(null);
    void editor.save(change);
  };
  return (
    <TransferDayHeader
      day={day}
      stops={trip.stops}
      transport={trip.transport}
      travellers={trip.party.travellers}
      renderJourneyActions={(shown) => {
        const journey = trip.transport.find((t) => t.id === shown.id);
        if (!journey || open) return null;
        return (
          <>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit journey from ${journey.from} to ${journey.to}`}
              onClick={() => setOpen({ journey, isNew: false })}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="danger"
              aria-label={`Remove journey from ${journey.from} to ${journey.to}`}
              onClick={() => save(removeTransport(journey.id, "Remove journey"))}
            >
              Remove
            </Button>
          </>
        );
      }}
      noJourney={
        open ? null : (
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            onClick={() => setOpen({ journey: newJourney(trip, day), isNew: true })}
          >
            Add how you get there
          </Button>
        )
      }
    >
      {open ? (
        <JourneyForm
          // The journey as the trip holds it now: a companion's change is merged into the form.
          initial={trip.transport.find((t) => t.id === open.journey.id) ?? open.journey}
          title={open.isNew ? "How you get there" : "Edit journey"}
          submitLabel={open.isNew ? "Add journey" : "Save journey"}
          onCancel={() => setOpen(null)}
          onSave={async (changed, whole) => {
            // Added to, or changed in, the trip as it is when the change is applied: a
            // companion's journey, or their change to other fields of this one, is kept.
            if (!open.isNew && Object.keys(changed).length === 0) {
              setOpen(null);
              return "done";
            }
            const outcome = formOutcome(
              await saveFromForm(
                editor,
                open.isNew
                  ? addTransport([whole], "Add journey")
                  : patchTransport(whole.id, changed, "Edit journey"),
              ),
            );
            if (outcome === "done") setOpen(null);
            return outcome;
          }}
        />
      ) : null}
    </TransferDayHeader>
  );
}
