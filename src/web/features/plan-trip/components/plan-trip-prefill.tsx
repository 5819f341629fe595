import { useDeferredValue } from "react";
import { DEFAULT_TRAVEL_STYLE, INTERESTS, type Interest } from "#shared/constants.ts";
import { useProfilePreferences } from "../api/get-profile-preferences.ts";
import { useTripForPrefill } from "../api/get-trip-for-prefill.ts";
import { useHydrated } from "#web/lib/hydrated.tsx";
import { loadDraft } from "../draft-storage.ts";
import { PlanTripForm, type PlanTripDefaults } from "./plan-trip-form.tsx";

const isInterest = (value: string): value is Interest =>
  (INTERESTS as readonly string[]).includes(value);

type Props = { authStatus: "loading" | "signed-in" | "signed-out"; tripId: string | null };

/**
 * The form and what fills it: a kept draft, else the trip in `?tripId=`, else the profile. Loaded
 * after the page (plan-trip-section.tsx), with react-hook-form and the classic zod schemas.
 *
 * Without `?tripId=` the form is on the page from the start, prerendered with the plain defaults
 * (the HTML parser builds its fields before the first paint, instead of a phone building them in
 * a long task later). What the session, the profile and a kept draft say arrives afterwards and
 * fills the fields the visitor has not changed (PlanTripForm). A trip to plan again fills the whole
 * form, so that form waits for it.
 */
export function PlanTripPrefill({ authStatus, tripId }: Props) {
  const signedIn = authStatus === "signed-in";
  const hydrated = useHydrated();
  const preferences = useProfilePreferences(signedIn);
  const trip = useTripForPrefill(tripId, signedIn);
  const waiting = Boolean(tripId) && (authStatus === "loading" || (signedIn && trip.isPending));

  // That form mounts in a background render that React splits into short slices, rather than
  // inside the urgent render that the trip's answer triggers (query results render synchronously).
  const waitingShown = useDeferredValue(waiting, Boolean(tripId));

  if (waiting || waitingShown) return <p role="status">Loading...</p>;
  // Read in the browser only, and not while hydrating: the first render must be the server's.
  const draft = hydrated ? loadDraft() : null;
  const fromTrip = trip.data;
  const prefs = preferences.data;
  const defaults: PlanTripDefaults = {
    destination: fromTrip?.destination ?? "",
    startDate: fromTrip?.startDate ?? "",
    endDate: fromTrip?.endDate ?? "",
    // Empty, not NaN: a number field given "NaN" makes the browser warn on every page load.
    budget: fromTrip?.budget,
    travelStyle: fromTrip?.travelStyle ?? prefs?.preferredTravelStyle ?? DEFAULT_TRAVEL_STYLE,
    interests: (fromTrip?.interests ?? prefs?.interests ?? []).filter(isInterest),
    // The whole trip (issue 47): a trip planned again keeps its party; else the profile's home city.
    origin: fromTrip?.party.origin ?? prefs?.homeCity ?? "",
    travellers: fromTrip?.party.travellers ?? 1,
    lodging: fromTrip?.party.lodging ?? { kind: "not-shared", needs: [] },
    cuisines: fromTrip?.party.cuisines ?? [],
    avoid: fromTrip?.party.avoid ?? [],
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
