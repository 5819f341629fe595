import { lazy, Suspense, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { Stay, TripStop } from "#shared/schemas/trip-stops.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { stopNights } from "#shared/trip-stop-days.ts";
import { Button } from "#web/components/ui/button.tsx";
import type { StopDraft } from "#web/components/stops-field.tsx";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { StaysByStop, TripRoute } from "../stops/stops-overview.tsx";
import {
  addStays,
  droppedByStops,
  newActivityId,
  patchStay,
  putStay,
  removeStay,
  setStops,
  toEditable,
  type StopEdit,
  type TripChange,
} from "./editable-trip.ts";
import { RemoveDaysDialog, type DroppedDays } from "./remove-days-dialog.tsx";
import { StayForm } from "./stay-form.tsx";
import { StayAlternatives } from "./stay-alternatives.tsx";
import { formOutcome, saveFromForm, type TripEditor } from "./use-trip-editor.ts";

const StopsField = lazy(async () => ({
  default: (await import("#web/components/stops-field.tsx")).StopsField,
}));
// The cities as PATCH `stops` takes them, checked when the form is sent (not with the page).
const stopsResolver = lazyZodResolver(async () => {
  const { z } = await import("zod");
  const { stopPatchSchema, MAX_STOPS } = await import("#shared/schemas/trip-stops.ts");
  return z.object({
    stops: z
      .array(stopPatchSchema)
      .min(1, "Add at least one city")
      .max(MAX_STOPS, `A trip can have at most ${MAX_STOPS} cities`),
  });
});

/** The cities of the trip as the editor changes them: add, remove, reorder, nights. */
function StopsEditor({
  trip,
  onSave,
  onCancel,
}: {
  trip: Trip;
  onSave: (stops: StopEdit[]) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    defaultValues: {
      stops: trip.stops.map((s): StopDraft => ({
        id: s.id,
        destination: s.destination,
        nights: stopNights(s),
      })),
    },
    resolver: stopsResolver,
  });
  const stops = useWatch({ control: form.control, name: "stops" });
  const [pending, setPending] = useState<({ stops: StopEdit[] } & DroppedDays) | null>(null);
  const total = stops.reduce((n, s) => n + (Number.isFinite(s.nights) ? s.nights : 0), 0);

  const submit = form.handleSubmit((checked) => {
    const edits = checked.stops.map((s) => ({
      id: s.id,
      destination: s.destination,
      nights: s.nights,
    }));
    const dropped = droppedByStops(toEditable(trip), edits);
    if (dropped.days > 0) setPending({ stops: edits, ...dropped });
    else onSave(edits);
  });

  return (
    <form
      noValidate
      aria-label="Cities"
      className="border-brand-600 flex flex-col gap-3 rounded-lg border bg-white p-4"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && pending === null) onCancel();
      }}
    >
      <Suspense fallback={<p role="status">Loading...</p>}>
        <StopsField
          stops={stops}
          onChange={(next) => form.setValue("stops", next)}
          tripNights={null}
          errors={form.formState.errors}
          legendClassName="text-sm font-medium text-slate-800"
          focusOnMount={0}
        />
      </Suspense>
      <p className="text-sm text-slate-600">
        The trip will be {total} {total === 1 ? "night" : "nights"} from its start date; each
        city&apos;s days move with it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Save cities
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <RemoveDaysDialog
        edit="cities"
        dropped={pending}
        onConfirm={() => pending && onSave(pending.stops)}
        onClose={() => setPending(null)}
      />
    </form>
  );
}

/** The route at the top of the editor, and its Edit cities. */
export function TripRoutePanel({ trip, editor }: { trip: Trip; editor: TripEditor }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-label="Route" className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {trip.stops.length > 1 ? (
          <TripRoute stops={trip.stops} />
        ) : (
          <p className="text-slate-700">One city: {trip.stops[0]?.destination}</p>
        )}
        {editing ? null : (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit cities
          </Button>
        )}
      </div>
      {editing ? (
        <StopsEditor
          trip={trip}
          onCancel={() => setEditing(false)}
          onSave={(stops) => {
            setEditing(false);
            void editor.save(setStops(stops));
          }}
        />
      ) : null}
    </section>
  );
}

const newStay = (stop: TripStop, stopIndex: number): Stay => ({
  id: newActivityId(),
  stopIndex,
  name: "",
  address: null,
  checkIn: stop.startDate,
  checkOut: stop.endDate > stop.startDate ? stop.endDate : stop.startDate,
  lat: null,
  lng: null,
  osmId: null,
  reference: null,
});

/**
 * Stays per city with their check-in and check-out; Add a stay, Edit and Remove. A planned stay
 * (issue 47) also has Replace (three other places that meet the needs) and "I booked elsewhere"
 * (Add bookings, through `onBookedElsewhere`).
 */
export function TripStaysPanel({
  trip,
  editor,
  onBookedElsewhere,
}: {
  trip: Trip;
  editor: TripEditor;
  onBookedElsewhere?: ((stay: Stay) => void) | undefined;
}) {
  const [open, setOpen] = useState<{ stopIndex: number; stay: Stay; isNew: boolean } | null>(null);
  const [replacing, setReplacing] = useState<Stay | null>(null);
  const replaceButtons = useRef(new Map<string, HTMLButtonElement>());
  const save = (change: TripChange) => {
    setOpen(null);
    setReplacing(null);
    void editor.save(change);
  };
  return (
    <StaysByStop
      stops={trip.stops}
      stays={trip.stays}
      headingLevel="h2"
      renderStayActions={(shown) => {
        const stay = trip.stays.find((s) => s.id === shown.id);
        if (!stay) return null;
        return (
          <>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit ${stay.name}`}
              onClick={() => {
                setReplacing(null);
                setOpen({ stopIndex: stay.stopIndex, stay, isNew: false });
              }}
            >
              Edit
            </Button>
            {stay.planned ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Replace ${stay.name}`}
                ref={(element) => {
                  if (element) replaceButtons.current.set(stay.id, element);
                  else replaceButtons.current.delete(stay.id);
                }}
                onClick={() => {
                  setOpen(null);
                  setReplacing(stay);
                }}
              >
                Replace
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="danger"
              aria-label={`Remove ${stay.name}`}
              onClick={() => save(removeStay(stay.id, "Remove stay"))}
            >
              Remove
            </Button>
            {stay.planned && onBookedElsewhere ? (
              <Button size="sm" variant="secondary" onClick={() => onBookedElsewhere(stay)}>
                I booked elsewhere
              </Button>
            ) : null}
          </>
        );
      }}
      renderStopExtra={(stopIndex) =>
        replacing && replacing.stopIndex === stopIndex ? (
          <StayAlternatives
            tripId={trip.id}
            stay={trip.stays.find((s) => s.id === replacing.id) ?? replacing}
            onChoose={(replacement) => save(putStay(replacement, "Replace stay"))}
            onClose={() => {
              const button = replaceButtons.current.get(replacing.id);
              setReplacing(null);
              button?.focus();
            }}
          />
        ) : open && open.stopIndex === stopIndex ? (
          <StayForm
            // The stay as the trip holds it now: a companion's change is merged into the form.
            initial={trip.stays.find((s) => s.id === open.stay.id) ?? open.stay}
            title={
              open.isNew
                ? `New stay in ${trip.stops[stopIndex]?.destination ?? "this city"}`
                : `Edit ${open.stay.name}`
            }
            submitLabel={open.isNew ? "Add stay" : "Save stay"}
            onCancel={() => setOpen(null)}
            onSave={async (changed, whole) => {
              if (!open.isNew && Object.keys(changed).length === 0) {
                setOpen(null);
                return "done";
              }
              // Added to, or changed in, the trip as it is when applied: a companion's is kept.
              const outcome = formOutcome(
                await saveFromForm(
                  editor,
                  open.isNew
                    ? addStays([whole], "Add stay")
                    : patchStay(whole.id, changed, "Edit stay"),
                ),
              );
              if (outcome === "done") setOpen(null);
              return outcome;
            }}
          />
        ) : null
      }
      renderStopActions={(stopIndex) => {
        const stop = trip.stops[stopIndex];
        if (!stop || open?.stopIndex === stopIndex) return null;
        return (
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            aria-label={`Add a stay in ${stop.destination}`}
            onClick={() => setOpen({ stopIndex, stay: newStay(stop, stopIndex), isNew: true })}
          >
            Add a stay
          </Button>
        );
      }}
    />
  );
}
