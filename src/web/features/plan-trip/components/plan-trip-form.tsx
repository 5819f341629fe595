import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "#web/lib/router/link.tsx";
import { useNavigate } from "#web/lib/router/location.tsx";
import { TRAVEL_STYLES } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { TripRequest, TripRequestInput } from "#shared/schemas/trip-request.ts";
import type { PlanReadField, PlanRequestRead } from "#shared/schemas/plan-request-read.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TripFactsFields } from "#web/components/trip-facts-fields.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { useHydrated } from "#web/lib/hydrated.tsx";
import { useDeferredForm } from "#web/lib/deferred-form.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useOnline } from "#web/lib/use-online.ts";
import {
  preloadGeneration,
  useGenerateTrip,
  type GenerationProgressEvent,
} from "../api/generate-trip.ts";
import { clearDraft, saveDraft } from "../draft-storage.ts";
import type { StopDraft } from "#web/components/stops-field.tsx";
import { DescribeTrip } from "./describe-trip.tsx";
import { emptyProgress, type ProgressState } from "./generation-progress-state.ts";
import { daysBetween } from "#shared/trip-dates.ts";
import type { Cuisine } from "#shared/trip-party.ts";
import { PartyFields } from "./party-fields.tsx";

// Shown only while a plan is generated: fetched with the first submit (or focus), not with the page.
const loadProgress = () => import("./generation-progress.tsx");
const GenerationProgress = lazy(async () => ({
  default: (await loadProgress()).GenerationProgress,
}));

// The over-budget answer's breakdown, fetched only when a plan did not fit the budget.
const OverBudgetNote = lazy(async () => ({
  default: (await import("./over-budget-note.tsx")).OverBudgetNote,
}));

// The list of cities, fetched when a visitor adds a city (or a kept draft has some): most plans
// are one city, and the first view stays as light as it was.
const loadStops = () => import("#web/components/stops-field.tsx");
const StopsField = lazy(async () => ({ default: (await loadStops()).StopsField }));

// A kept draft may lack a city's nights: the field is then empty (NaN), as the visitor left it.
const toStopDraft = (stop: { destination: string; nights?: number }): StopDraft => ({
  destination: stop.destination,
  nights: stop.nights ?? Number.NaN,
});

/** The trip's nights from two `YYYY-MM-DD` dates, null unless both are set and in order. */
function nightsBetween(start: unknown, end: unknown): number | null {
  if (typeof start !== "string" || typeof end !== "string" || !start || !end) return null;
  const nights = daysBetween(start, end);
  return Number.isFinite(nights) && nights >= 0 ? nights : null;
}

// The same schema as POST /api/trips, fetched with the first check or focus (lazy-resolver.ts).
const tripRequestResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-request.ts")).tripRequestSchema,
);

const STYLE_LABELS = { luxury: "Luxury", comfort: "Comfort", budget: "Budget" } as const;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function applyEvent(progress: ProgressState, event: GenerationProgressEvent): ProgressState {
  if (event.type === "start") return { ...emptyProgress, dates: event.days };
  if (event.type === "places")
    return { ...progress, findingPlacesIn: event.status === "looking" ? event.name : null };
  if (event.type === "outline") return { ...progress, themes: event.days.map((d) => d.theme) };
  const days = [...progress.days];
  days[event.index] = event.day;
  return { ...progress, days };
}

/** The form's starting values; no budget until one is known (the field starts empty). */
export type PlanTripDefaults = Omit<TripRequestInput, "budget"> & { budget?: number };
type Props = { defaultValues: PlanTripDefaults; signedIn: boolean };

export function PlanTripForm({ defaultValues, signedIn }: Props) {
  const navigate = useNavigate();
  const generate = useGenerateTrip();
  const [progress, setProgress] = useState<ProgressState>(emptyProgress);
  const [askToLogIn, setAskToLogIn] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(false);
  // Several cities: kept here (not in inputs), sent as `stops`; null while the trip is one city.
  const [stops, setStopsState] = useState<StopDraft[] | null>(
    defaultValues.stops && defaultValues.stops.length > 0
      ? defaultValues.stops.map(toStopDraft)
      : null,
  );
  const stopsRef = useRef(stops);
  const stopsTouched = useRef(false);
  const [focusCity, setFocusCity] = useState<number | undefined>();
  // The chips of "Food we'd like": toggle buttons, not inputs, so kept here and sent as `cuisines`.
  const [cuisines, setCuisinesState] = useState<Cuisine[]>(() => [
    ...(defaultValues.cuisines ?? []),
  ]);
  const cuisinesRef = useRef(cuisines);
  const cuisinesTouched = useRef(false);
  const [tripNights, setTripNights] = useState(() =>
    nightsBetween(defaultValues.startDate, defaultValues.endDate),
  );
  // react-hook-form arrives with the first focus, not with the page (lib/deferred-form.ts).
  const { register, handleSubmit, getValues, errors, wake, formRef, setValue, revalidate, ready } =
    useDeferredForm<TripRequestInput, TripRequest>({
      defaultValues,
      resolver: tripRequestResolver,
      extraValues: () => ({
        cuisines: cuisinesRef.current,
        ...(stopsRef.current ? { stops: stopsRef.current } : {}),
      }),
    });
  const setStops = (next: StopDraft[] | null) => {
    stopsRef.current = next;
    stopsTouched.current = true;
    setStopsState(next);
    setValue("stops", next ?? undefined);
  };
  const setCuisines = (next: Cuisine[]) => {
    cuisinesRef.current = next;
    cuisinesTouched.current = true;
    setCuisinesState(next);
    setValue("cuisines", next);
  };
  const hydrated = useHydrated();

  // The choices are drawn checked in the markup already (the prerendered HTML), and follow new
  // defaults while the visitor has not changed them, as a browser's default checks do.
  // What the session, the profile or a kept draft says can arrive after the form is on screen
  // (PlanTripPrefill): it fills the fields the visitor has not changed (useDeferredForm), never one
  // they have; the same for the list of cities.
  const defaultsKey = JSON.stringify(defaultValues);
  const appliedKey = useRef(defaultsKey);
  useEffect(() => {
    if (appliedKey.current === defaultsKey) return;
    appliedKey.current = defaultsKey;
    if (!stopsTouched.current && defaultValues.stops && defaultValues.stops.length > 0) {
      const kept = defaultValues.stops.map(toStopDraft);
      stopsRef.current = kept;
      setStopsState(kept);
      setValue("stops", kept);
    }
    if (!cuisinesTouched.current && defaultValues.cuisines) {
      const kept = [...defaultValues.cuisines];
      cuisinesRef.current = kept;
      setCuisinesState(kept);
      setValue("cuisines", kept);
    }
    setTripNights(nightsBetween(defaultValues.startDate, defaultValues.endDate));
  }, [defaultsKey, defaultValues, setValue]);

  // A described trip fills the form: the cities and the nights at once, the fields once
  // react-hook-form is there (it is woken for it). The place, the dates and the budget always, the
  // other fields only when the sentence spoke of them, so a profile's style or interests stay unless
  // it did. Nothing is planned until the plan button.
  const [described, setDescribed] = useState<PlanRequestRead | null>(null);
  const appliedReading = useRef<PlanRequestRead | null>(null);
  const onDescribed = (answer: PlanRequestRead) => {
    const { request } = answer;
    const several = request.stops && request.stops.length > 1 ? request.stops : null;
    if (several || stopsRef.current) setStops(several);
    setTripNights(nightsBetween(request.startDate, request.endDate));
    setDescribed(answer);
    wake();
  };
  useEffect(() => {
    if (!described || !ready || appliedReading.current === described) return;
    appliedReading.current = described;
    const { request, understood } = described;
    const said = new Set<PlanReadField>(understood.map((u) => u.field));
    if (stopsRef.current) setValue("stops", stopsRef.current);
    setValue(
      "destination",
      stopsRef.current ? "" : (request.destination ?? request.stops?.[0]?.destination ?? ""),
    );
    setValue("startDate", request.startDate);
    setValue("endDate", request.endDate);
    setValue("budget", request.budget);
    // By field name: the whole-trip inputs (issue 47) show these once they are on the form.
    const optional: [PlanReadField, unknown][] = [
      ["origin", request.origin ?? ""],
      ["travellers", request.travellers],
      ["lodging.kind", request.lodging.kind],
      ["lodging.needs", request.lodging.needs],
      ["avoid", request.avoid],
      ["interests", request.interests],
      ["travelStyle", request.travelStyle],
    ];
    for (const [field, value] of optional) if (said.has(field)) setValue(field, value);
    // The food chips are the form's own state (sent from cuisinesRef), not an input: a value set
    // only in react-hook-form showed late or never (when a kept draft carried it back) and was not
    // what the plan button sent.
    if (said.has("cuisines")) {
      cuisinesRef.current = [...request.cuisines];
      cuisinesTouched.current = true;
      setCuisinesState(cuisinesRef.current);
      setValue("cuisines", cuisinesRef.current);
    }
  }, [described, ready, setValue]);

  // Leaving the page mid-generation cancels it; the server then saves nothing.
  useEffect(() => () => abortRef.current?.abort(), []);

  const onSubmit = (request: TripRequest) => {
    if (!signedIn) {
      saveDraft(getValues());
      setAskToLogIn(true);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setCancelled(false);
    setProgress(emptyProgress);
    generate.mutate(
      {
        request,
        signal: controller.signal,
        onEvent: (event) => setProgress((current) => applyEvent(current, event)),
      },
      {
        onSuccess: (trip) => {
          clearDraft();
          void navigate(`/trips/${trip.id}`);
        },
        // Nothing was saved, so half-built days would only mislead.
        onError: () => setProgress(emptyProgress),
      },
    );
  };

  const busy = generate.isPending;
  const online = useOnline();

  // Cancel: the request is aborted (the server then saves nothing) and the form is back as it was
  // filled in, with the keyboard on its button.
  const cancel = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    generate.reset();
    setProgress(emptyProgress);
    setCancelled(true);
  };
  useEffect(() => {
    if (cancelled && !busy) submitRef.current?.focus();
  }, [cancelled, busy]);

  return (
    <>
      <DescribeTrip signedIn={signedIn} onRead={onDescribed} />
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => handleSubmit(onSubmit)(event)}
        onChange={() => {
          const values = getValues();
          setTripNights(nightsBetween(values.startDate, values.endDate));
          if (stopsRef.current) revalidate("stops");
        }}
        onFocus={() => {
          wake();
          tripRequestResolver.preload();
          // What a submit needs next: the stream's reader and the progress, while the visitor types.
          if (signedIn) {
            preloadGeneration();
            void loadProgress().catch(() => undefined);
          }
        }}
        aria-labelledby="plan-title"
      >
        {/* Disabled until React has taken a prerendered form over: what a visitor typed before
            that would be replaced by the form's values when it does. */}
        <fieldset disabled={!hydrated} className="grid min-w-0 gap-5 md:grid-cols-2">
          <TripFactsFields
            register={register}
            errors={errors}
            wide="md:col-span-2"
            destinationPlaceholder="e.g. Lisbon, Portugal"
            destinationExtra={
              <Button
                size="sm"
                variant="secondary"
                onMouseEnter={() => void loadStops().catch(() => undefined)}
                onFocus={() => void loadStops().catch(() => undefined)}
                onClick={() => {
                  // The destination typed so far becomes the first city, with the trip's nights
                  // but one; the new city starts with one night.
                  const first = String(getValues().destination ?? "").trim();
                  const nights = tripNights ?? 2;
                  setStops([
                    { destination: first, nights: Math.max(1, nights - 1) },
                    { destination: "", nights: 1 },
                  ]);
                  setFocusCity(1);
                }}
              >
                Add a city
              </Button>
            }
            destinationReplacement={
              stops ? (
                <Suspense fallback={<p role="status">Loading...</p>}>
                  <StopsField
                    stops={stops}
                    onChange={setStops}
                    tripNights={tripNights}
                    focusOnMount={focusCity}
                    errors={errors}
                  />
                </Suspense>
              ) : undefined
            }
            initialInterests={defaultValues.interests ?? []}
            interestsLegendClassName="font-medium"
            interestsError={<FieldError id="interests-error" message={errors.interests?.message} />}
            style={
              <fieldset>
                <legend className="font-medium">Travel style</legend>
                <div className="mt-2 flex flex-wrap gap-4">
                  {TRAVEL_STYLES.map((style) => (
                    <label key={style} className="flex items-center gap-2">
                      <input
                        type="radio"
                        value={style}
                        defaultChecked={defaultValues.travelStyle === style}
                        {...register("travelStyle")}
                      />
                      {STYLE_LABELS[style]}
                    </label>
                  ))}
                </div>
                <FieldError id="travelStyle-error" message={errors.travelStyle?.message} />
              </fieldset>
            }
          />
          <PartyFields
            register={register}
            errors={errors}
            wide="md:col-span-2"
            initial={{
              kind: defaultValues.lodging?.kind ?? "not-shared",
              travellers: defaultValues.travellers ?? 1,
              needs: defaultValues.lodging?.needs ?? [],
              avoid: defaultValues.avoid ?? [],
            }}
            cuisines={cuisines}
            onCuisinesChange={setCuisines}
          />
          <div className="md:col-span-2">
            {generate.isError ? (
              <div role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-red-800">
                <p>{getErrorMessage(generate.error, MESSAGES.generateTripFailed)}</p>
                {/* 422 over_budget: the cheapest plan's parts, so the traveller sees what to change. */}
                {generate.error instanceof ApiRequestError && generate.error.breakdown ? (
                  <Suspense fallback={null}>
                    <OverBudgetNote error={generate.error} />
                  </Suspense>
                ) : null}
              </div>
            ) : null}
            {askToLogIn ? (
              <p role="alert" className="bg-brand-50 text-brand-800 mb-3 rounded-md p-3">
                Please{" "}
                <Link className="font-semibold underline" to="/login?from=%2F">
                  log in
                </Link>{" "}
                or{" "}
                <Link className="font-semibold underline" to="/signup?from=%2F">
                  sign up
                </Link>{" "}
                to generate your plan. Your answers stay here for when you come back.
              </p>
            ) : null}
            {online ? null : (
              <p role="status" className="text-sm text-amber-900">
                Planning a trip needs a connection. Your answers stay here until you are back
                online.
              </p>
            )}
            {cancelled ? (
              <p role="status" className="mb-3 text-sm text-slate-700">
                Planning cancelled. Nothing was saved; your answers are still here.
              </p>
            ) : null}
            <Button
              ref={submitRef}
              type="submit"
              disabled={busy || !online}
              block
              className="sm:w-auto"
            >
              {busy ? "Generating Plan..." : "Generate Plan"}
            </Button>
          </div>
        </fieldset>
      </form>
      {busy || progress.dates.length > 0 ? (
        <Suspense fallback={null}>
          <GenerationProgress progress={progress} onCancel={busy ? cancel : undefined} />
        </Suspense>
      ) : null}
    </>
  );
}
