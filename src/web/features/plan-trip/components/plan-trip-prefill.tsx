import { useDeferredValue } from "react";
import { DEFAULT_TRAVEL_STYLE, INTERESTS, type Interest } from "#shared/constants.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import { useProfilePreferences } from "../api/get-profile-preferences.ts";
import { useTripForPrefill } from "../api/get-trip-for-prefill.ts";
import { loadDraft } from "../draft-storage.ts";
import { PlanTripForm } from "./plan-trip-form.tsx";

const isInterest = (value: string): value is Interest =>
  (INTERESTS as readonly string[]).includes(value);

type Props = { authStatus: "loading" | "signed-in" | "signed-out"; tripId: string | null };

/**
 * The form and what fills it: a kept draft, else the trip in `?tripId=`, else the profile. Loaded
 * after the page (plan-trip-section.tsx), with react-hook-form and the classic zod schemas.
 */
export function PlanTripPrefill({ authStatus, tripId }: Props) {
  const signedIn = authStatus === "signed-in";
  const preferences = useProfilePreferences(signedIn);
  const trip = useTripForPrefill(tripId, signedIn);
  const waiting =
    authStatus === "loading" ||
    (signedIn && preferences.isPending) ||
    (signedIn && Boolean(tripId) && trip.isPending);

  // The form mounts in a background render that React splits into short slices, rather than inside
  // the urgent render that the session's answer triggers (query results render synchronously): on a
  // phone, mounting a dozen inputs at once held the main thread for about half a second.
  const waitingShown = useDeferredValue(waiting, true);

  if (waiting || waitingShown) return <p role="status">Loading...</p>;
  const draft = loadDraft();
  const fromTrip = trip.data;
  const prefs = preferences.data;
  const defaults: TripRequestInput = {
    destination: fromTrip?.destination ?? "",
    startDate: fromTrip?.startDate ?? "",
    endDate: fromTrip?.endDate ?? "",
    budget: fromTrip?.budget ?? Number.NaN,
    travelStyle: fromTrip?.travelStyle ?? prefs?.preferredTravelStyle ?? DEFAULT_TRAVEL_STYLE,
    interests: (fromTrip?.interests ?? prefs?.interests ?? []).filter(isInterest),
    ...draft,
  };
  return (
    <>
      {tripId && signedIn && trip.isError ? (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-amber-900">
          That trip could not be loaded, so the form was not filled from it.
        </p>
      ) : null}
      <PlanTripForm key={tripId ?? "new"} defaultValues={defaults} signedIn={signedIn} />
    </>
  );
}
