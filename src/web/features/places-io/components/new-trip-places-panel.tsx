import { useId, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { DEFAULT_TRAVEL_STYLE, MAX_ACTIVITIES_PER_DAY, TRAVEL_STYLES } from "#shared/constants.ts";
import type { PlacesPreview } from "#shared/schemas/places-io.ts";
import type { TripRequest, TripRequestInput } from "#shared/schemas/trip-request.ts";
import { daysBetween } from "#shared/trip-dates.ts";
import { TripFactsFields } from "#web/components/trip-facts-fields.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { Link } from "#web/lib/router/link.tsx";
import { useNavigate } from "#web/lib/router/location.tsx";
import {
  CREATE_TRIP_FAILED,
  PlacesNotAdded,
  type MadeTrip,
  useCreateTripFromPlaces,
} from "../api/create-trip-from-places.ts";
import { IMPORT_PLACES_FAILED, useImportPlaces } from "../api/import-places.ts";
import { PLACES_ACCEPT, PlacesPicker, usePickedPlaces } from "./places-picker.tsx";

// The planning form's schema (the one POST /api/trips checks), fetched with the first check.
const factsResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-request.ts")).tripRequestSchema,
);

const STYLE_OPTIONS = TRAVEL_STYLES.map((style) => ({
  value: style,
  label: style.charAt(0).toUpperCase() + style.slice(1),
}));

const ADD_FAILED = "Could not add the places. Please try again.";

/**
 * Home's "Start from saved places": files read into a preview (`POST /api/import-places`, nothing
 * saved), the places ticked, the trip's destination, dates and budget given; "Create trip" makes
 * the trip without the planner and puts the ticked places on its days from the first.
 */
export function NewTripPlacesPanel({ onClose }: { onClose: () => void }) {
  const fileId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const reading = useImportPlaces(null);
  const preview = reading.data;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Start from saved places
      </h2>
      {preview ? (
        <TripFromPreview preview={preview} onOtherFiles={() => reading.reset()} onClose={onClose} />
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (files.length) reading.mutate(files);
          }}
        >
          <p className="text-sm text-slate-700">
            Google Takeout (Saved Places.json or a saved list&apos;s CSV), My Maps KML or KMZ, GPX,
            GeoJSON or CSV. Nothing is saved until you create the trip.
          </p>
          <label htmlFor={fileId} className="font-medium">
            Files of saved places
          </label>
          <input
            id={fileId}
            type="file"
            multiple
            accept={PLACES_ACCEPT}
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          {reading.error ? (
            <p role="alert" className="text-sm text-red-800">
              {getErrorMessage(reading.error, IMPORT_PLACES_FAILED)}
            </p>
          ) : null}
          {reading.isPending ? <p role="status">Reading your files...</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={files.length === 0 || reading.isPending}>
              Read files
            </Button>
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function TripFromPreview({
  preview,
  onOtherFiles,
  onClose,
}: {
  preview: PlacesPreview;
  onOtherFiles: () => void;
  onClose: () => void;
}) {
  const { picked, chosen, toggle } = usePickedPlaces(preview);
  const create = useCreateTripFromPlaces();
  const navigate = useNavigate();
  // Kept when the trip was made but its places were not: the next try only adds the places.
  const [madeTrip, setMadeTrip] = useState<MadeTrip | null>(null);
  const [tooMany, setTooMany] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TripRequestInput, unknown, TripRequest>({
    resolver: factsResolver,
    defaultValues: { travelStyle: DEFAULT_TRAVEL_STYLE, interests: [] },
  });

  const submit = (facts: TripRequest) => {
    // The apply puts places on the first day, then the next when one is full: they must fit.
    const room = (daysBetween(facts.startDate, facts.endDate) + 1) * MAX_ACTIVITIES_PER_DAY;
    if (chosen.length > room) {
      setTooMany(
        `A trip of these dates holds at most ${room} places (${MAX_ACTIVITIES_PER_DAY} a day). Untick some places or make the trip longer.`,
      );
      return;
    }
    setTooMany(null);
    create.mutate(
      { facts, places: chosen, madeTrip },
      {
        onSuccess: ({ tripId }) => void navigate(`/trips/${tripId}`),
        onError: (error) => {
          if (error instanceof PlacesNotAdded) setMadeTrip(error.trip);
        },
      },
    );
  };

  const failure = create.error;
  return (
    <form
      noValidate
      aria-label="New trip from saved places"
      onFocus={factsResolver.preload}
      onSubmit={(event: FormEvent) => void handleSubmit(submit)(event)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <div className="flex flex-col gap-3 sm:col-span-2">
        <PlacesPicker preview={preview} picked={picked} toggle={toggle} />
        <p className="text-sm text-slate-700">
          The ticked places go on the trip&apos;s days in this order, from the first day, as many as
          a day holds.
        </p>
      </div>
      <TripFactsFields
        register={register}
        errors={errors}
        wide="sm:col-span-2"
        interestsLegendClassName="text-sm font-medium text-slate-800"
        style={
          <SelectField
            label="Travel style"
            options={STYLE_OPTIONS}
            error={errors.travelStyle?.message}
            {...register("travelStyle")}
          />
        }
      />
      {tooMany ? (
        <p role="alert" className="text-red-800 sm:col-span-2">
          {tooMany}
        </p>
      ) : null}
      {create.isPending ? (
        <p role="status" className="sm:col-span-2">
          Creating your trip...
        </p>
      ) : null}
      {failure ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800 sm:col-span-2">
          {failure instanceof PlacesNotAdded ? (
            <>
              <p>{failure.message}</p>
              <p>{getErrorMessage(failure.reason, ADD_FAILED)}</p>
              <p>
                Try again to add them, or{" "}
                <Link className="underline" to={`/trips/${encodeURIComponent(failure.trip.id)}`}>
                  open the trip
                </Link>
                .
              </p>
            </>
          ) : (
            <p>{getErrorMessage(failure, CREATE_TRIP_FAILED)}</p>
          )}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={chosen.length === 0 || create.isPending}>
          {madeTrip
            ? `Add ${chosen.length} ${chosen.length === 1 ? "place" : "places"} to the trip`
            : `Create trip with ${chosen.length} ${chosen.length === 1 ? "place" : "places"}`}
        </Button>
        {madeTrip ? null : (
          <Button
            type="button"
            variant="secondary"
            disabled={create.isPending}
            onClick={onOtherFiles}
          >
            Choose other files
          </Button>
        )}
        <Button type="button" variant="secondary" disabled={create.isPending} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
