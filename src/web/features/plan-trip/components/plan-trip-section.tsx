import type { ReactNode } from "react";
import { DEFAULT_TRAVEL_STYLE, INTERESTS, type Interest } from "#shared/constants.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import { usePublicConfig } from "#web/lib/get-public-config.ts";
import { useProfilePreferences } from "../api/get-profile-preferences.ts";
import { useTripForPrefill } from "../api/get-trip-for-prefill.ts";
import { loadDraft } from "../draft-storage.ts";
import { PlanTripForm } from "./plan-trip-form.tsx";

const isInterest = (value: string): value is Interest =>
  (INTERESTS as readonly string[]).includes(value);

type Props = { authStatus: "loading" | "signed-in" | "signed-out"; tripId: string | null };

/** The Home form: prefilled from a kept draft, else the trip in `?tripId=`, else the profile. */
export function PlanTripSection({ authStatus, tripId }: Props) {
  const signedIn = authStatus === "signed-in";
  const config = usePublicConfig();
  const preferences = useProfilePreferences(signedIn);
  const trip = useTripForPrefill(tripId, signedIn);
  const waiting =
    authStatus === "loading" ||
    (signedIn && preferences.isPending) ||
    (signedIn && Boolean(tripId) && trip.isPending);

  let form: ReactNode = <p role="status">Loading...</p>;
  if (!waiting) {
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
    form = (
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

  return (
    <section aria-labelledby="plan-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="plan-title" className="text-2xl font-bold">
        Plan Your Perfect Trip
      </h2>
      {config.data?.ai.mode === "offline" ? (
        <p className="mt-2 rounded-md bg-slate-100 p-3 text-sm text-slate-700">
          <strong>Offline planner:</strong> no AI provider is connected, so plans are built from
          templates (kinds of places, not named venues) and fitted to your budget. To connect one,
          see “Itinerary generation → Connecting a provider” in the README.
        </p>
      ) : null}
      <div className="mt-6">{form}</div>
    </section>
  );
}
