import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from "react-hook-form";
import { DESTINATION_MAX_LENGTH } from "#shared/constants.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import {
  AVOIDABLE,
  CUISINES,
  LODGING_KINDS,
  LODGING_NEEDS,
  MAX_TRAVELLERS,
  type Cuisine,
} from "#shared/trip-party.ts";
import { controlStyles, Field } from "#web/components/ui/field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";

// The words for each value: "entire-home" reads "Entire home", "children-under-10"
// "children under 10" (issue 47).
const words = (value: string) => value.replaceAll("-", " ");
const KIND_OPTIONS = LODGING_KINDS.map((kind) => ({
  value: kind,
  label: words(kind).replace(/^./, (first) => first.toUpperCase()),
}));

function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** The first message of a list field (its own, or one of its items'). */
const listMessage = (error: unknown): string | undefined => {
  if (!error || typeof error !== "object") return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === "string") return own;
  for (const item of Object.values(error as Record<string, unknown>)) {
    const message = listMessage(item);
    if (message) return message;
  }
  return undefined;
};

/** A list field as checkboxes (the place's needs, what to avoid), its values in the words. */
function CheckboxGroup({
  legend,
  hint,
  options,
  checked,
  registered,
  errorId,
  error,
}: {
  legend: string;
  hint?: { id: string; text: string };
  options: readonly string[];
  checked: readonly string[];
  registered: UseFormRegisterReturn;
  errorId: string;
  error: string | undefined;
}) {
  const describedBy = [hint?.id, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className="font-medium">{legend}</legend>
      {hint && (
        <p id={hint.id} className="text-sm text-slate-700">
          {hint.text}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={option}
              defaultChecked={checked.includes(option)}
              {...registered}
            />
            {words(option)}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

// The classes of the app's other toggle buttons (the Money tab's Per day / Per category).
const chipStyles = (pressed: boolean) =>
  `focus-visible:outline-brand-700 rounded-md border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${
    pressed
      ? "bg-brand-700 border-transparent text-white"
      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
  }`;

/**
 * Who goes, from where, where they sleep, what they eat and how they will not travel (issue 47):
 * the plan form's whole-trip fields. Inputs are registered with the form; the cuisines are toggle
 * buttons (chips) whose list the form keeps, as it keeps its cities.
 */
export function PartyFields({
  register,
  errors,
  wide,
  initial,
  cuisines,
  onCuisinesChange,
}: {
  register: UseFormRegister<TripRequestInput>;
  errors: FieldErrors<TripRequestInput>;
  /** The class that makes a field span both columns of the form's grid. */
  wide: string;
  /** Drawn checked in the markup already (a prerendered form), not only once the form has run. */
  initial: { kind: string; travellers: number; needs: readonly string[]; avoid: readonly string[] };
  cuisines: readonly Cuisine[];
  onCuisinesChange: (next: Cuisine[]) => void;
}) {
  const needsError = listMessage(errors.lodging?.needs);
  const cuisinesError = listMessage(errors.cuisines);
  const avoidError = listMessage(errors.avoid);
  return (
    <>
      <TextField
        label="From"
        type="text"
        autoComplete="address-level2"
        maxLength={DESTINATION_MAX_LENGTH + 20}
        hint="Optional: where you start and come home"
        error={errors.origin?.message}
        {...register("origin")}
      />
      <TextField
        label="Travellers"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_TRAVELLERS}
        step={1}
        defaultValue={initial.travellers}
        error={errors.travellers?.message}
        {...register("travellers", { valueAsNumber: true })}
      />
      {/* A native select inside the kit's Field (SelectField would be one more chunk to fetch on
          the Home page's first view). */}
      <Field label="Where to stay" error={errors.lodging?.kind?.message}>
        {(control) => (
          <select
            className={controlStyles}
            defaultValue={initial.kind}
            {...register("lodging.kind")}
            {...control}
          >
            {KIND_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CheckboxGroup
        legend="The place must allow"
        options={LODGING_NEEDS}
        checked={initial.needs}
        registered={register("lodging.needs")}
        errorId="lodging-needs-error"
        error={needsError}
      />
      <fieldset className={wide} aria-describedby={cuisinesError ? "cuisines-error" : undefined}>
        <legend className="font-medium">Food we&apos;d like</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {CUISINES.map((cuisine) => {
            const pressed = cuisines.includes(cuisine);
            return (
              <button
                key={cuisine}
                type="button"
                aria-pressed={pressed}
                className={chipStyles(pressed)}
                onClick={() =>
                  onCuisinesChange(
                    pressed ? cuisines.filter((c) => c !== cuisine) : [...cuisines, cuisine],
                  )
                }
              >
                {cuisine}
              </button>
            );
          })}
        </div>
        <FieldError id="cuisines-error" message={cuisinesError} />
      </fieldset>
      <CheckboxGroup
        legend="Avoid"
        hint={{
          id: "avoid-hint",
          text: "Driving means a car you drive yourselves; a taxi is still planned where it helps.",
        }}
        options={AVOIDABLE}
        checked={initial.avoid}
        registered={register("avoid")}
        errorId="avoid-error"
        error={avoidError}
      />
    </>
  );
}
