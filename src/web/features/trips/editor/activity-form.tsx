import { useEffect, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";
import type { ActivityFields } from "./editable-trip.ts";
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from "#shared/constants.ts";
import type { PlaceFields } from "#shared/place-fields.ts";
import type { TripDetailSlots } from "#web/lib/trip-slots.ts";
import { EditorForm } from "./editor-form.tsx";
import { useLastRemoteChange } from "./live-change-context.ts";

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
type Errors = Partial<Record<keyof ActivityFields, string>>;
/** Someone else changed, moved or removed the activity while its form was open (name: null if unknown). */
type ChangedUnder = { name: string | null };

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

/** An activity's fields, edited in place. An empty cost means unknown (not free). */
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
  onSave: (fields: ActivityFields & Partial<PlaceFields>) => void;
  onCancel: () => void;
  renderLocationField?: TripDetailSlots["renderLocationField"];
}) {
  const toValues = (fields: ActivityFields) => ({
    time: fields.time,
    activity: fields.activity,
    location: fields.location,
    description: fields.description,
    cost: fields.cost === null ? "" : String(fields.cost),
    durationMinutes: String(fields.durationMinutes),
  });
  const [values, setValues] = useState(() => toValues(initial));
  // What the form last saw of the activity (its fields and where it is): a live change by someone
  // else is never poured into the form; the traveller chooses. Who made it is taken when the
  // activity is seen to change, so a later change by someone else to something else does not
  // rename the author.
  const remote = useLastRemoteChange();
  const shape = JSON.stringify({ fields: toValues(initial), dayDate });
  const [seen, setSeen] = useState(() => ({ shape, version: remote?.version ?? 0 }));
  const [changedUnder, setChangedUnder] = useState<ChangedUnder | null>(null);
  if (shape !== seen.shape) {
    const byOther = remote !== null && remote.version > seen.version;
    setSeen({ shape, version: remote?.version ?? 0 });
    // This tab's own change (an undo) is not news; gone is gone whoever did it.
    if (byOther || dayDate === null)
      setChangedUnder({ name: byOther ? (remote.by?.name ?? "Someone") : null });
  }
  const removed = dayDate === null;
  const keepMine = () => setChangedUnder(null);
  const takeTheirs = () => {
    setValues(toValues(initial));
    keepMine();
  };
  const [place, setPlace] = useState<Partial<PlaceFields>>({});
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  useEffect(() => void loadFieldsSchema().catch(() => undefined), []);

  const submit = async () => {
    const cost = values.cost.trim() === "" ? null : Number(values.cost);
    let schema: Awaited<ReturnType<typeof loadFieldsSchema>>;
    try {
      schema = await loadFieldsSchema();
    } catch {
      setErrors({ activity: "Could not check the activity. Check your connection and try again." });
      return;
    }
    // Empty is NaN, which the schema refuses with its own message.
    const durationMinutes =
      values.durationMinutes.trim() === "" ? NaN : Number(values.durationMinutes);
    const parsed = schema.safeParse({ ...values, cost, durationMinutes });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ActivityFields;
        next[field] ??= field === "cost" ? "Cost must be a number of 0 or more" : issue.message;
      }
      setErrors(next);
      return;
    }
    onSave({ ...parsed.data, ...place });
  };

  const locationLabel = "Location";
  return (
    <EditorForm
      title={title}
      submitLabel={submitLabel}
      onSubmit={submit}
      onCancel={onCancel}
      layout="p-4 sm:grid-cols-[8rem_1fr]"
      // Removed: its own choices below say what saving does; one submit button, not two.
      actions={!(changedUnder && removed)}
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
              setValues((v) => ({ ...v, location }));
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
      {changedUnder && removed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-sm sm:col-span-2"
        >
          <p>
            {changedUnder.name
              ? `${changedUnder.name} removed this activity while you were editing`
              : "This activity was removed while you were editing"}
          </p>
          <Button type="submit" size="sm">
            Add it back
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Discard
          </Button>
        </div>
      ) : changedUnder ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-sm sm:col-span-2"
        >
          <p>{changedUnder.name ?? "Someone"} changed this activity while you were editing</p>
          <Button variant="secondary" size="sm" onClick={keepMine}>
            Keep mine
          </Button>
          <Button variant="secondary" size="sm" onClick={takeTheirs}>
            Take theirs
          </Button>
        </div>
      ) : null}
    </EditorForm>
  );
}
