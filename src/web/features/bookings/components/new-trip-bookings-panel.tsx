import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, type FormEvent } from "react";
import { useForm, type Resolver } from "react-hook-form";
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
import { firstMessage } from "#web/lib/form-errors.ts";

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

type Request = Parameters<ReturnType<typeof useCreateTripFromBookings>["mutate"]>[0];
type Made = {
  frame: Frame;
  picked: BookingProposal;
  preferences: TripPreferences | null | undefined;
};

/** The trip to make from the frame, the ticked bookings, the profile and the budget typed. */
const toRequest = ({ frame, picked, preferences }: Made, budget: string, planRest: boolean) => ({
  destination: frame.destination,
  // One city needs no stops: the destination is then the trip's one stop.
  ...(frame.stops.length > 1 ? { stops: frame.stops } : {}),
  startDate: frame.startDate,
  endDate: frame.endDate,
  budget: budget.trim() === "" ? Number.NaN : Number(budget),
  travelStyle: preferences?.travelStyle ?? DEFAULT_TRAVEL_STYLE,
  interests: preferences?.interests ?? [],
  bookings: toBookingsInput(picked),
  planRest,
});

// The plan form's rules and messages (the same schema as POST /api/trips): the budget's under its
// field, the others' (the frame's, the bookings') above the buttons, a line each.
const checkRequest = zodResolver(tripRequestObjectSchema);
const requestResolver: Resolver<{ budget: string }, Made> = async (values, made, options) => {
  const result = await checkRequest(
    toRequest(made!, values.budget, false),
    undefined,
    options as never,
  );
  const { budget, ...others } = result.errors as Record<string, unknown>;
  const lines = Object.values(others).flatMap((error) => firstMessage(error) ?? []);
  const errors = {
    ...(budget ? { budget: { type: "invalid", message: firstMessage(budget) } } : {}),
    ...(lines.length > 0 ? { root: { type: "invalid", message: lines.join("\n") } } : {}),
  };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

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
  const online = useOnline();
  // Offline, TanStack Query holds a request until the connection is back: say so, not "Creating".
  const waiting = create.isPending && (create.isPaused || !online);
  const travelStyle = preferences?.travelStyle ?? DEFAULT_TRAVEL_STYLE;
  const interests = preferences?.interests ?? [];
  // The trip is made from what was read, known when the form is sent: the check reads it there.
  const made = useRef<Made | null>(null);
  const form = useForm<{ budget: string }, Made>({
    defaultValues: { budget: "" },
    resolver: (values, _context, options) => requestResolver(values, made.current!, options),
  });
  const { errors } = form.formState;

  const submit = (event: FormEvent<HTMLFormElement>, frame: Frame, picked: BookingProposal) => {
    // Enter in the budget field submits with the first button, "Create trip".
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const planRest = submitter instanceof HTMLButtonElement && submitter.value === "plan";
    const trip = { frame, picked, preferences };
    made.current = trip;
    void form.handleSubmit(({ budget }) => {
      const request: Request = toRequest(trip, budget, planRest);
      create.mutate(request, {
        onSuccess: (made) => void navigate(`/trips/${made.id}`),
      });
    })(event);
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
            label="Budget (USD)"
            type="number"
            inputMode="decimal"
            min={1}
            step="any"
            className="max-w-xs"
            error={errors.budget?.message}
            {...form.register("budget")}
          />
          <p className="text-sm text-slate-700">
            {STYLE_NAMES[travelStyle]} travel
            {interests.length > 0 ? `, for ${interests.join(", ")}` : ""}
            {preferences?.travelStyle || interests.length > 0
              ? ", as your profile says."
              : ". Set your style and interests on your profile."}
          </p>
          {errors.root?.message ? (
            <div role="alert" className="text-red-800">
              {errors.root.message.split("\n").map((line) => (
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
