import { useRef, useState, type FormEvent } from "react";
import { DEFAULT_TRAVEL_STYLE, type Interest, type TravelStyle } from "#shared/constants.ts";
import type { BookingProposal, NewTripBookingImport } from "#shared/schemas/bookings.ts";
import { tripRequestObjectSchema } from "#shared/schemas/trip-request.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { useNavigate } from "#web/lib/router/location.tsx";
import { useOnline } from "#web/lib/use-online.ts";
import {
  CREATE_TRIP_FAILED,
  toBookingsInput,
  useCreateTripFromBookings,
} from "../api/create-trip-from-bookings.ts";
import { useImportNewTripBookings } from "../api/import-new-trip-bookings.ts";
import { describeDates, describeStop } from "./booking-format.ts";
import { BookingsReader, errorLines } from "./bookings-reader.tsx";

type Frame = NewTripBookingImport["proposal"];

/** The profile's travel style and interests, when the app knows them. */
export type TripPreferences = { travelStyle: TravelStyle | null; interests: Interest[] };

const STYLE_NAMES: Record<TravelStyle, string> = {
  luxury: "Luxury",
  comfort: "Comfort",
  budget: "Budget",
};

/** The trip the bookings frame: its cities with their nights and its dates. */
function TripFrame({ frame }: { frame: Frame }) {
  return (
    <div className="bg-brand-50 flex flex-col gap-1 rounded-lg p-3">
      <h3 className="font-semibold text-slate-900">Your trip</h3>
      <p className="text-slate-800">{describeDates(frame.startDate, frame.endDate)}</p>
      <ul aria-label="Cities" className="flex flex-wrap gap-x-4 text-slate-800">
        {frame.stops.map((stop, i) => (
          <li key={`${stop.destination}-${i}`}>{describeStop(stop)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Add bookings" on Home: bookings read into a new trip's frame and cards, then "Create trip" (the
 * ticked bookings alone, `planRest: false`) or "Plan the rest" (the planner fills the free time).
 * The frame stays as read when cards are unticked; with none ticked both still make the trip from
 * the frame (its cities and dates), as the note under the cards says. A failure keeps everything.
 */
export function NewTripBookingsPanel({
  preferences,
  onClose,
}: {
  preferences: TripPreferences | null | undefined;
  onClose: () => void;
}) {
  const read = useImportNewTripBookings();
  const create = useCreateTripFromBookings();
  const navigate = useNavigate();
  const [budget, setBudget] = useState("");
  const [budgetError, setBudgetError] = useState<string | undefined>();
  const [requestErrors, setRequestErrors] = useState<string[]>([]);
  const budgetRef = useRef<HTMLInputElement>(null);
  const online = useOnline();
  // Offline, TanStack Query holds a request until the connection is back: say so, not "Creating".
  const waiting = create.isPending && (create.isPaused || !online);
  const travelStyle = preferences?.travelStyle ?? DEFAULT_TRAVEL_STYLE;
  const interests = preferences?.interests ?? [];

  const submit = (event: FormEvent<HTMLFormElement>, frame: Frame, picked: BookingProposal) => {
    event.preventDefault();
    // Enter in the budget field submits with the first button, "Create trip".
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const planRest = submitter instanceof HTMLButtonElement && submitter.value === "plan";
    const request = {
      destination: frame.destination,
      // One city needs no stops: the destination is then the trip's one stop.
      ...(frame.stops.length > 1 ? { stops: frame.stops } : {}),
      startDate: frame.startDate,
      endDate: frame.endDate,
      budget: budget.trim() === "" ? Number.NaN : Number(budget),
      travelStyle,
      interests,
      bookings: toBookingsInput(picked),
      planRest,
    };
    // The plan form's rules and messages (the same schema as POST /api/trips).
    const checked = tripRequestObjectSchema.safeParse(request);
    if (!checked.success) {
      const issues = checked.error.issues;
      const onBudget = issues.find((issue) => issue.path[0] === "budget");
      setBudgetError(onBudget?.message);
      setRequestErrors(issues.filter((issue) => issue !== onBudget).map((i) => i.message));
      if (onBudget) budgetRef.current?.focus();
      return;
    }
    setBudgetError(undefined);
    setRequestErrors([]);
    create.mutate(request, {
      onSuccess: (trip) => void navigate(`/trips/${trip.id}`),
    });
  };

  // While the trip is being made the panel stays: closed, the trip would appear in the list with
  // nobody taken to it (and "Plan the rest" can take a while with a model).
  const creating = create.isPending && !waiting;
  const close = () => {
    if (!creating) onClose();
  };

  return (
    <BookingsReader read={read} onClose={close} frame={(frame) => <TripFrame frame={frame} />}>
      {({ proposal, picked, count }) => (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => submit(event, proposal, picked)}
        >
          {count === 0 ? (
            <p className="text-sm text-slate-700">
              Nothing is ticked: the trip starts with its cities and dates only.
            </p>
          ) : null}
          <TextField
            ref={budgetRef}
            label="Budget (USD)"
            type="number"
            inputMode="decimal"
            min={1}
            step="any"
            className="max-w-xs"
            value={budget}
            error={budgetError}
            onChange={(event) => setBudget(event.target.value)}
          />
          <p className="text-sm text-slate-700">
            {STYLE_NAMES[travelStyle]} travel
            {interests.length > 0 ? `, for ${interests.join(", ")}` : ""}
            {preferences?.travelStyle || interests.length > 0
              ? ", as your profile says."
              : ". Set your style and interests on your profile."}
          </p>
          {requestErrors.length > 0 ? (
            <div role="alert" className="text-red-800">
              {requestErrors.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
          {online ? null : (
            <p role="status" className="text-sm text-amber-900">
              Making a trip needs a connection. Your bookings stay here until you are back online.
            </p>
          )}
          {creating ? (
            <p role="status">
              {create.variables.planRest ? "Planning the rest..." : "Creating your trip..."}
            </p>
          ) : null}
          {create.isError ? (
            <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
              {errorLines(create.error, CREATE_TRIP_FAILED).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" value="create" disabled={create.isPending || !online}>
              Create trip
            </Button>
            <Button
              type="submit"
              value="plan"
              variant="secondary"
              disabled={create.isPending || !online}
            >
              Plan the rest
            </Button>
            <Button type="button" variant="secondary" disabled={creating} onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </BookingsReader>
  );
}
