import type { Stay } from "#shared/schemas/trip-stops.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";
import { EditorForm, type EditorFormProps } from "./editor-form.tsx";
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

/** A stay's fields, with the activity editor's kit (labels, messages under fields, Escape). */
export function StayForm({ initial, title, submitLabel, onSave, onCancel }: EditorFormProps<Stay>) {
  const { field, check } = useSchemaForm(
    loadSchema,
    (): Values => ({
      name: initial.name,
      address: initial.address ?? "",
      checkIn: initial.checkIn,
      checkOut: initial.checkOut,
      reference: initial.reference ?? "",
    }),
    { field: "name", message: "Could not check the stay. Check your connection and try again." },
  );

  const submit = async () => {
    const data = await check((v) => {
      const changedAddress = v.address.trim() !== (initial.address ?? "");
      return {
        ...v,
        stopIndex: initial.stopIndex,
        // A new name or address is located again by the server.
        ...(changedAddress || v.name.trim() !== initial.name
          ? {}
          : { lat: initial.lat, lng: initial.lng, osmId: initial.osmId }),
      };
    });
    if (!data) return;
    onSave({ ...data, id: initial.id, stopIndex: initial.stopIndex });
  };

  return (
    <EditorForm
      title={title}
      submitLabel={submitLabel}
      onSubmit={submit}
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
    </EditorForm>
  );
}
