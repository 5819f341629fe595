import { useState } from "react";
import { useForm } from "react-hook-form";
import { TRAVEL_STYLES } from "#shared/constants.ts";
import type { TripRequest, TripRequestInput } from "#shared/schemas/trip-request.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TripFactsFields } from "#web/components/trip-facts-fields.tsx";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import { droppedByDates, type EditableTrip, type TripFacts } from "./editable-trip.ts";
import { RemoveDaysDialog, type DroppedDays } from "./remove-days-dialog.tsx";

// The planning form's schema, fetched with the first check or the first focus (lazy-resolver.ts).
const factsResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-request.ts")).tripRequestSchema,
);

const STYLE_OPTIONS = TRAVEL_STYLES.map((style) => ({ value: style, label: styleLabel(style) }));

/**
 * Destination, dates, budget, style and interests, checked by the planning form's own schema. A shorter
 * trip drops its last days: that is confirmed first, naming what goes.
 */
export function TripFactsForm({
  trip,
  onSave,
  onCancel,
}: {
  trip: EditableTrip;
  onSave: (facts: TripFacts) => void;
  onCancel: () => void;
}) {
  const [pending, setPending] = useState<({ facts: TripFacts } & DroppedDays) | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TripRequestInput, unknown, TripRequest>({
    resolver: factsResolver,
    defaultValues: {
      destination: trip.destination,
      startDate: trip.startDate,
      endDate: trip.endDate,
      budget: trip.budget,
      travelStyle: trip.travelStyle,
      interests: trip.interests as TripRequestInput["interests"],
    },
  });

  const submit = (facts: TripRequest) => {
    const dropped = droppedByDates(trip, facts);
    if (dropped.days > 0) setPending({ facts, ...dropped });
    else onSave(facts);
  };

  return (
    <form
      noValidate
      aria-label="Trip details"
      onFocus={factsResolver.preload}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="border-brand-600 grid gap-4 rounded-lg border p-4 sm:grid-cols-2"
    >
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
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit">Save details</Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <RemoveDaysDialog
        edit="dates"
        dropped={pending}
        onConfirm={() => pending && onSave(pending.facts)}
        onClose={() => setPending(null)}
      />
    </form>
  );
}
