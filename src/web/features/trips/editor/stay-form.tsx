import type { Stay } from "#shared/schemas/trip-stops.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";
import { EditorForm, type EditorFormProps } from "./editor-form.tsx";
import { MergeNotes } from "#web/components/merge-notes.tsx";
import { useSchemaForm } from "./use-schema-form.ts";

// The stay's own schema (PATCH `stays`), built when a form first opens, not with the page.
const loadSchema = loadOnce(
  async () => (await import("#shared/schemas/trip-stops.ts")).stayInputSchema,
);

type Values = {
  name: string;
  address: string;
  checkIn: string;
  checkOut: string;
  reference: string;
};

const NAMES: Record<keyof Values, string> = {
  name: "the name",
  address: "the address",
  checkIn: "the check-in",
  checkOut: "the check-out",
  reference: "the booking reference",
};

const toValues = (stay: Stay): Values => ({
  name: stay.name,
  address: stay.address ?? "",
  checkIn: stay.checkIn,
  checkOut: stay.checkOut,
  reference: stay.reference ?? "",
});

/**
 * A stay's fields, with the activity editor's kit (labels, messages under fields, Escape). Like the
 * journey form, it saves only the fields changed here and takes a companion's others in.
 */
export function StayForm({ initial, title, submitLabel, onSave, onCancel }: EditorFormProps<Stay>) {
  const { field, submit, notes } = useSchemaForm(
    loadSchema,
    toValues(initial),
    {
      field: "name",
      message: "Could not check the stay. Check your connection and try again.",
    },
    (v) => {
      const changedAddress = v.address.trim() !== (initial.address ?? "");
      return {
        ...v,
        stopIndex: initial.stopIndex,
        // A new name or address is located again by the server.
        ...(changedAddress || v.name.trim() !== initial.name
          ? {}
          : { lat: initial.lat, lng: initial.lng, osmId: initial.osmId }),
      };
    },
  );

  const save = () =>
    submit(async (data, changed) => {
      const whole = { ...data, id: initial.id, stopIndex: initial.stopIndex };
      const fields = Object.fromEntries(
        changed.map((key) => [key, whole[key as keyof typeof whole]]),
      ) as Partial<Stay>;
      return onSave(fields, whole);
    });

  return (
    <EditorForm
      title={title}
      submitLabel={submitLabel}
      onSubmit={save}
      onCancel={onCancel}
      layout="p-3 sm:grid-cols-2"
    >
      <TextField className="sm:col-span-2" label="Name" autoFocus {...field("name")} />
      <TextField className="sm:col-span-2" label="Address" {...field("address")} />
      <TextField label="Check-in" type="date" {...field("checkIn")} />
      <TextField label="Check-out" type="date" {...field("checkOut")} />
      <TextField
        className="sm:col-span-2"
        label="Booking reference"
        hint="Members only: never on the shared page"
        {...field("reference")}
      />
      <MergeNotes names={NAMES} thing="stay" {...notes} />
    </EditorForm>
  );
}
