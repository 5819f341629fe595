import type { Transport, TransportMode } from "#shared/schemas/trip-stops.ts";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";
import { MODE_LABELS } from "../stops/stops-format.ts";
import { EditorForm, type EditorFormProps } from "./editor-form.tsx";
import { MergeNotes } from "#web/components/merge-notes.tsx";
import { useSchemaForm } from "./use-schema-form.ts";

// The journey's own schema (PATCH `transport`), built when a form first opens, not with the page.
const loadSchema = loadOnce(
  async () => (await import("#shared/schemas/trip-stops.ts")).transportInputSchema,
);

// From the labels, not TRANSPORT_MODES: the schema module stays out of the trip page's first chunk.
const MODE_OPTIONS = (Object.keys(MODE_LABELS) as TransportMode[]).map((mode) => ({
  value: mode,
  label: MODE_LABELS[mode],
}));

type Values = {
  mode: string;
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  carrier: string;
  number: string;
  reference: string;
  notes: string;
};

const NAMES: Record<keyof Values, string> = {
  mode: "the mode",
  from: "from",
  to: "to",
  departAt: "the departure",
  arriveAt: "the arrival",
  carrier: "the carrier",
  number: "the number",
  reference: "the booking reference",
  notes: "the notes",
};

const toValues = (journey: Transport): Values => ({
  mode: journey.mode,
  from: journey.from,
  to: journey.to,
  departAt: journey.departAt,
  arriveAt: journey.arriveAt,
  carrier: journey.carrier ?? "",
  number: journey.number ?? "",
  reference: journey.reference ?? "",
  notes: journey.notes ?? "",
});

/**
 * A journey's fields, with the activity editor's kit: labels, the schema's messages under their
 * fields, Escape to cancel. Times are the ticket's local times; the zones stay those given (from the
 * stops when new: empty lets the server take the nearest stop's). `initial` is the journey as the
 * trip holds it now: a companion's change to other fields is taken in, and Save sends only the
 * fields changed here (Keep mine / Take theirs for a field both changed).
 */
export function JourneyForm({
  initial,
  title,
  submitLabel,
  onSave,
  onCancel,
}: EditorFormProps<Transport>) {
  const { field, submit, notes } = useSchemaForm(
    loadSchema,
    toValues(initial),
    {
      field: "mode",
      message: "Could not check the journey. Check your connection and try again.",
    },
    (v) => ({
      ...v,
      departZone: initial.departZone || null,
      arriveZone: initial.arriveZone || null,
    }),
  );

  const save = () =>
    submit(async (data, changed) => {
      const whole = {
        ...data,
        id: initial.id,
        departZone: data.departZone ?? "",
        arriveZone: data.arriveZone ?? "",
      };
      const fields = Object.fromEntries(
        changed.map((key) => [key, whole[key as keyof typeof whole]]),
      ) as Partial<Transport>;
      return onSave(fields, whole);
    });

  return (
    <EditorForm
      title={title}
      submitLabel={submitLabel}
      onSubmit={save}
      onCancel={onCancel}
      layout="p-4 sm:grid-cols-2"
    >
      <SelectField label="Mode" options={MODE_OPTIONS} {...field("mode")} autoFocus />
      <span className="hidden sm:block" />
      <TextField label="From" {...field("from")} />
      <TextField label="To" {...field("to")} />
      <TextField
        label="Departure"
        type="datetime-local"
        hint="Local time where it leaves"
        {...field("departAt")}
      />
      <TextField
        label="Arrival"
        type="datetime-local"
        hint="Local time where it arrives"
        {...field("arriveAt")}
      />
      <TextField label="Carrier" {...field("carrier")} />
      <TextField label="Number" {...field("number")} />
      <TextField
        label="Booking reference"
        hint="Members only: never on the shared page"
        {...field("reference")}
      />
      <TextareaField className="sm:col-span-2" label="Notes" rows={2} {...field("notes")} />
      <MergeNotes names={NAMES} thing="journey" {...notes} />
    </EditorForm>
  );
}
