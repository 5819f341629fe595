import type { ReactNode } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { DESTINATION_MAX_LENGTH, INTERESTS } from "#shared/constants.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import { TextField } from "./ui/text-field.tsx";

/**
 * A trip's facts as fields of a react-hook-form form over the planning schema: destination, dates,
 * budget, a travel style control the form chooses (`style`), and interests. The plan form and the
 * trip's facts form both use these, so a trip is described the same way where it is made and
 * where it is changed.
 */
export function TripFactsFields({
  register,
  errors,
  style,
  wide,
  destinationPlaceholder,
  initialInterests,
  interestsLegendClassName,
  interestsError,
  destinationExtra,
  destinationReplacement,
}: {
  register: UseFormRegister<TripRequestInput>;
  errors: FieldErrors<TripRequestInput>;
  style: ReactNode;
  /** The class that makes a field span both columns of the form's grid. */
  wide: string;
  destinationPlaceholder?: string;
  /** Drawn checked in the markup already (a prerendered form), not only once the form has run. */
  initialInterests?: readonly string[];
  interestsLegendClassName: string;
  /** Shown under the interests, when the form shows their message. */
  interestsError?: ReactNode;
  /** Under the destination (the plan form's "Add a city"). */
  destinationExtra?: ReactNode;
  /** In the destination's place (the plan form's list of cities). */
  destinationReplacement?: ReactNode;
}) {
  return (
    <>
      {destinationReplacement ? (
        <div className={wide}>{destinationReplacement}</div>
      ) : (
        <>
          <TextField
            className={wide}
            label="Destination"
            type="text"
            autoComplete="off"
            maxLength={DESTINATION_MAX_LENGTH + 20}
            placeholder={destinationPlaceholder}
            error={errors.destination?.message}
            {...register("destination")}
          />
          {/* Its own row of the grid, right under the destination. */}
          {destinationExtra ? <div className={`${wide} -mt-3`}>{destinationExtra}</div> : null}
        </>
      )}
      <TextField
        label="Start date"
        type="date"
        error={errors.startDate?.message}
        {...register("startDate")}
      />
      <TextField
        label="End date"
        type="date"
        error={errors.endDate?.message}
        {...register("endDate")}
      />
      <TextField
        label="Budget (USD)"
        type="number"
        inputMode="decimal"
        min={1}
        step="any"
        error={errors.budget?.message}
        {...register("budget", { valueAsNumber: true })}
      />
      {style}
      <fieldset className={wide}>
        <legend className={interestsLegendClassName}>Interests</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {INTERESTS.map((interest) => (
            <label key={interest} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={interest}
                defaultChecked={initialInterests?.includes(interest)}
                {...register("interests")}
              />
              {interest}
            </label>
          ))}
        </div>
        {interestsError}
      </fieldset>
    </>
  );
}
