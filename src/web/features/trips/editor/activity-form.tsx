import { useEffect, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";
import type { ActivityFields } from "./editable-trip.ts";
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from "#shared/constants.ts";
import type { PlaceFields } from "#shared/place-fields.ts";
import type { TripDetailSlots } from "#web/lib/trip/trip-slots.ts";
import { EditorForm, type FormSaveResult } from "./editor-form.tsx";
import { useLastRemoteChange } from "./live-change-context.ts";
import { MergeNotes } from "#web/components/merge-notes.tsx";
import { mappedZodResolver } from "#web/lib/mapped-resolver.ts";
import { useMergedForm } from "#web/lib/use-merged-form.ts";

// The activity's own schema, built when a form first opens rather than with the trip page: the
// schema module builds every zod schema in it, a long task on a phone. Tried again after a failure.
const loadFieldsSchema = loadOnce(async () =>
  (await import("#shared/schemas/itinerary.ts")).activitySchema.pick({
    time: true,
    activity: true,
    location: true,
    description: true,
    cost: true,
    durationMinutes: true,
  }),
);

export const EMPTY_ACTIVITY: ActivityFields = {
  time: "09:00",
  activity: "",
  location: "",
  description: "",
  cost: null,
  // A new activity starts at an hour; the traveller changes it (the server estimates only when an
  // API client leaves it out).
  durationMinutes: 60,
};

const toValues = (fields: ActivityFields) => ({
  time: fields.time,
  activity: fields.activity,
  location: fields.location,
  description: fields.description,
  cost: fields.cost === null ? "" : String(fields.cost),
  durationMinutes: String(fields.durationMinutes),
});
type Values = ReturnType<typeof toValues>;

/** What the form sends: an empty cost is unknown (null); an empty duration is NaN, which the schema refuses with its own message. */
const toInput = (values: Values) => ({
  ...values,
  cost: values.cost.trim() === "" ? null : Number(values.cost),
  durationMinutes: values.durationMinutes.trim() === "" ? NaN : Number(values.durationMinutes),
});

const activityResolver = mappedZodResolver(loadFieldsSchema, toInput, {
  unavailable: {
    field: "activity",
    message: "Could not check the activity. Check your connection and try again.",
  },
  messages: { cost: "Cost must be a number of 0 or more" },
});

/** How a field is named in the form's notes ("the cost and the description"). */
const FIELD_NAMES: Record<keyof Values, string> = {
  time: "the time",
  activity: "the name",
  location: "the location",
  description: "the description",
  cost: "the cost",
  durationMinutes: "the duration",
};

/**
 * An activity's fields, edited in place. An empty cost means unknown (not free). Saves only the
 * fields the traveller changed; a companion's change to the others while the form is open is taken
 * into it, and Keep mine / Take theirs is asked only for a field both changed. The form stays open
 * until the save is done: a 409 or a refusal never loses what was typed.
 */
export function ActivityForm({
  initial,
  title,
  submitLabel,
  onSave,
  onCancel,
  renderLocationField,
  dayDate,
  whereNow,
}: {
  initial: ActivityFields;
  /**
   * The date of the day the activity is on now; null once it is gone (removed by someone else):
   * the form then offers to add the traveller's version back. Absent for a new activity.
   */
  dayDate?: string | null;
  /** Where the activity is now, when someone moved it to another day ("Day 2 · Tue 4 May"). */
  whereNow?: string;
  title: string;
  submitLabel: string;
  /**
   * The changed fields (all of them for a new activity) and the whole form as the traveller leaves
   * it (for an activity added back). The form closes when the parent closes it ("done").
   */
  onSave: (
    changed: Partial<ActivityFields> & Partial<PlaceFields>,
    whole: ActivityFields & Partial<PlaceFields>,
  ) => Promise<FormSaveResult> | FormSaveResult | void;
  onCancel: () => void;
  renderLocationField?: TripDetailSlots["renderLocationField"];
}) {
  // Who changed the activity, from the page's live changes: taken when the activity is seen to
  // change, so a later change by someone else to something else does not rename the author.
  const remote = useLastRemoteChange();
  const [seenVersion, setSeenVersion] = useState(remote?.version ?? 0);
  const [saving, setSaving] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const whoChanged = () => {
    const byOther = remote !== null && remote.version > seenVersion;
    if (!byOther) return null;
    setSeenVersion(remote.version);
    return remote.by?.name ?? "Someone";
  };
  const form = useMergedForm(toValues(initial), {
    paused: saving,
    by: whoChanged,
    resolver: activityResolver,
  });
  const { values, news } = form;
  // Gone (removed by someone else): its own choices, named by whoever did it.
  const [gone, setGone] = useState<{ name: string | null } | null>(null);
  const removed = dayDate === null;
  if (removed && !gone) setGone({ name: whoChanged() });
  if (!removed && gone) setGone(null);

  const [place, setPlace] = useState<Partial<PlaceFields>>({});
  const errors = Object.fromEntries(
    Object.entries(form.form.formState.errors).map(([name, error]) => [name, error?.message]),
  ) as Partial<Record<keyof Values, string>>;
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    form.set(field, event.target.value);

  useEffect(() => void loadFieldsSchema().catch(() => undefined), []);

  const submit = form.form.handleSubmit(async (data) => {
    if (saving) return;
    const changedKeys = Object.keys(form.changed()) as (keyof ActivityFields)[];
    const changed: Partial<ActivityFields> & Partial<PlaceFields> = Object.fromEntries(
      changedKeys.map((key) => [key, data[key]]),
    );
    // A place picked for the typed location goes with it.
    if (changedKeys.includes("location")) Object.assign(changed, place);
    setSaving(true);
    setUnsaved(false);
    form.dismiss();
    const result = await onSave(changed, { ...data, ...place });
    // Closed ("done"): the form is gone. Otherwise it stays with what was typed, and takes the
    // latest version into its other fields.
    if (result === "done" || result === undefined) return;
    setSaving(false);
    setUnsaved(result === "conflict");
  });

  const locationLabel = "Location";
  return (
    <EditorForm
      title={title}
      submitLabel={submitLabel}
      onSubmit={submit}
      onCancel={onCancel}
      layout="p-4 sm:grid-cols-[8rem_1fr]"
      // Removed: its own choices below say what saving does; one submit button, not two.
      actions={!gone}
    >
      <TextField
        label="Time"
        type="time"
        required
        value={values.time}
        onChange={set("time")}
        error={errors.time}
      />
      <TextField
        label="Activity"
        required
        autoFocus
        value={values.activity}
        onChange={set("activity")}
        error={errors.activity}
      />
      <div className="sm:col-span-2">
        {renderLocationField ? (
          renderLocationField({
            label: locationLabel,
            value: values.location,
            error: errors.location,
            onChange: (location, found) => {
              form.set("location", location);
              setPlace(found ?? {});
            },
          })
        ) : (
          <TextField
            label={locationLabel}
            required
            value={values.location}
            onChange={set("location")}
            error={errors.location}
          />
        )}
      </div>
      <TextareaField
        className="sm:col-span-2"
        label="Description"
        rows={2}
        value={values.description}
        onChange={set("description")}
        error={errors.description}
      />
      <TextField
        label="Cost (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        hint="Leave empty if unknown"
        value={values.cost}
        onChange={set("cost")}
        error={errors.cost}
      />
      <TextField
        label="Duration (minutes)"
        type="number"
        inputMode="numeric"
        required
        min={MIN_DURATION_MINUTES}
        max={MAX_DURATION_MINUTES}
        step={5}
        hint={`${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES}`}
        value={values.durationMinutes}
        onChange={set("durationMinutes")}
        error={errors.durationMinutes}
      />
      {whereNow ? (
        <p className="text-sm text-slate-700 sm:col-span-2">It is now on {whereNow}.</p>
      ) : null}
      {gone ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-sm sm:col-span-2"
        >
          <p>
            {gone.name
              ? `${gone.name} removed this activity while you were editing`
              : "This activity was removed while you were editing"}
          </p>
          <Button type="submit" size="sm">
            Add it back
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Discard
          </Button>
        </div>
      ) : (
        <MergeNotes
          news={news}
          names={FIELD_NAMES}
          thing="activity"
          unsaved={unsaved}
          onKeepMine={form.keepMine}
          onTakeTheirs={form.takeTheirs}
        />
      )}
    </EditorForm>
  );
}
