import type { Transport, TransportMode } from "#shared/schemas/trip-stops.ts";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";
import { MODE_LABELS } from "../stops/stops-format.ts";
import { EditorForm, type EditorFormProps } from "./editor-form.tsx";
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

/**
 * A journey's fields, with the activity editor's kit: labels, the schema's messages under their
 * fields, Escape to cancel. Times are the ticket's local times; the zones stay those given (from the
 * stops when new: empty lets the server take the nearest stop's).
 */
export function JourneyForm({
  initial,
  title,
  submitLabel,
  onSave,
  onCancel,
}: EditorFormProps<Transport>) {
  const { field, check } = useSchemaForm(
    loadSchema,
    (): Values => ({
      mode: initial.mode,
      from: initial.from,
      to: initial.to,
      departAt: initial.departAt,
      arriveAt: initial.arriveAt,
      carrier: initial.carrier ?? "",
      number: initial.number ?? "",
      reference: initial.reference ?? "",
      notes: initial.notes ?? "",
    }),
    { field: "mode", message: "Could not check the journey. Check your connection and try again." },
  );

  const submit = async () => {
    const data = await check((v) => ({
      ...v,
      departZone: initial.departZone || null,
      arriveZone: initial.arriveZone || null,
    }));
    if (!data) return;
    onSave({
      ...data,
      id: initial.id,
      departZone: data.departZone ?? "",
      arriveZone: data.arriveZone ?? "",
    });
  };

  return (
    <EditorForm
      title={title}
      submitLabel={submitLabel}
      onSubmit={submit}
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
    </EditorForm>
  );
}
