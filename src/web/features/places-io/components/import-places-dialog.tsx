import { useId, useState, type FormEvent } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import { useForm } from "react-hook-form";
import type { ApplyPlacesRequest, PlacesPreview } from "#shared/schemas/places-io.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useApplyPlaces } from "../api/apply-places.ts";
import { IMPORT_PLACES_FAILED, useImportPlaces } from "../api/import-places.ts";
import { PLACES_ACCEPT, PlacesPicker, usePickedPlaces } from "./places-picker.tsx";

// The day as the apply route checks it (its own schema), fetched with the first check; the places
// are the picker's ticks, sent with it (the button waits for one).
const dayResolver = lazyZodResolver(async () =>
  (await import("#shared/schemas/places-io.ts")).applyPlacesRequestSchema.pick({ date: true }),
);

/**
 * "Import places" (owners and editors): files of saved places read into a preview; the traveller
 * ticks the places and picks the day they go on; nothing is saved until "Add".
 */
export function ImportPlacesButton({
  tripId,
  days,
  onApplied,
}: {
  tripId: string;
  days: readonly Day[];
  onApplied?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Import places
      </Button>
      {done ? (
        <p role="status" className="text-sm text-slate-700">
          {done}
        </p>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Import saved places"
        description="Google Takeout (Saved Places.json or a saved list's CSV), My Maps KML or KMZ, GPX, GeoJSON or CSV. Nothing is added until you choose."
      >
        <ImportPlacesForm
          tripId={tripId}
          days={days}
          onDone={(message) => {
            setOpen(false);
            setDone(message);
            onApplied?.();
          }}
        />
      </Dialog>
    </>
  );
}

function ImportPlacesForm({
  tripId,
  days,
  onDone,
}: {
  tripId: string;
  days: readonly Day[];
  onDone: (message: string) => void;
}) {
  const fileId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const reading = useImportPlaces(tripId);
  const preview = reading.data;
  if (preview) return <PreviewForm tripId={tripId} days={days} preview={preview} onDone={onDone} />;
  // Not react-hook-form: files have no rule the browser can check with a schema; the route reads
  // them (their kinds, sizes and count) and answers with what was wrong, shown below.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length) reading.mutate(files);
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
      <label htmlFor={fileId} className="font-medium">
        Files of saved places
      </label>
      <input
        id={fileId}
        type="file"
        multiple
        accept={PLACES_ACCEPT}
        data-autofocus
        onChange={(event) => setFiles([...(event.target.files ?? [])])}
      />
      {reading.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(reading.error, IMPORT_PLACES_FAILED)}
        </p>
      ) : null}
      <Button type="submit" disabled={files.length === 0 || reading.isPending}>
        {reading.isPending ? "Reading..." : "Read files"}
      </Button>
    </form>
  );
}

function PreviewForm({
  tripId,
  days,
  preview,
  onDone,
}: {
  tripId: string;
  days: readonly Day[];
  preview: PlacesPreview;
  onDone: (message: string) => void;
}) {
  const dayId = useId();
  const { picked, chosen, toggle } = usePickedPlaces(preview);
  const form = useForm<Pick<ApplyPlacesRequest, "date">>({
    resolver: dayResolver,
    defaultValues: { date: days[0]?.date ?? "" },
  });
  const apply = useApplyPlaces(tripId);
  const submit = form.handleSubmit(({ date }) =>
    apply.mutate(
      { date, places: chosen },
      {
        onSuccess: ({ added, merged }) =>
          onDone(
            `Added ${added} ${added === 1 ? "place" : "places"}` +
              (merged ? `; ${merged} already on the trip were merged.` : "."),
          ),
      },
    ),
  );
  return (
    <form
      noValidate
      onFocus={dayResolver.preload}
      onSubmit={(event) => void submit(event)}
      className="mt-4 flex flex-col gap-3"
    >
      <PlacesPicker preview={preview} picked={picked} toggle={toggle} />
      <label htmlFor={dayId} className="font-medium">
        Add to day
      </label>
      <select
        id={dayId}
        aria-invalid={form.formState.errors.date ? true : undefined}
        aria-describedby={form.formState.errors.date ? `${dayId}-error` : undefined}
        className="rounded-md border border-slate-300 px-2 py-1"
        {...form.register("date")}
      >
        {days.map((day, i) => (
          <option key={day.date} value={day.date}>
            Day {i + 1} ({day.date})
          </option>
        ))}
      </select>
      {form.formState.errors.date ? (
        <p id={`${dayId}-error`} role="alert" className="text-sm text-red-800">
          {form.formState.errors.date.message}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        Places go on this day, and on the next days when it is full.
      </p>
      {apply.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(apply.error, "Could not add the places. Please try again.")}
        </p>
      ) : null}
      <Button type="submit" disabled={chosen.length === 0 || apply.isPending}>
        {apply.isPending
          ? "Adding..."
          : `Add ${chosen.length} ${chosen.length === 1 ? "place" : "places"}`}
      </Button>
    </form>
  );
}
