import { useEffect, useState, type FormEvent } from "react";
import type { Stay } from "#shared/schemas/trip-stops.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { loadOnce } from "#web/lib/load-once.ts";

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
type Errors = Partial<Record<keyof Values, string>>;

/** A stay's fields, with the activity editor's kit (labels, messages under fields, Escape). */
export function StayForm({
  initial,
  title,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: Stay;
  title: string;
  submitLabel: string;
  onSave: (stay: Stay) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => ({
    name: initial.name,
    address: initial.address ?? "",
    checkIn: initial.checkIn,
    checkOut: initial.checkOut,
    reference: initial.reference ?? "",
  }));
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  useEffect(() => void loadSchema().catch(() => undefined), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      setErrors({ name: "Could not check the stay. Check your connection and try again." });
      return;
    }
    const changedAddress = values.address.trim() !== (initial.address ?? "");
    const parsed = schema.safeParse({
      ...values,
      stopIndex: initial.stopIndex,
      // A new name or address is located again by the server.
      ...(changedAddress || values.name.trim() !== initial.name
        ? {}
        : { lat: initial.lat, lng: initial.lng, osmId: initial.osmId }),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(next);
      return;
    }
    onSave({ ...parsed.data, id: initial.id, stopIndex: initial.stopIndex });
  };

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
      className="border-brand-600 grid gap-3 rounded-lg border bg-white p-3 sm:grid-cols-2"
    >
      <TextField
        className="sm:col-span-2"
        label="Name"
        autoFocus
        value={values.name}
        onChange={set("name")}
        error={errors.name}
      />
      <TextField
        className="sm:col-span-2"
        label="Address"
        value={values.address}
        onChange={set("address")}
        error={errors.address}
      />
      <TextField
        label="Check-in"
        type="date"
        value={values.checkIn}
        onChange={set("checkIn")}
        error={errors.checkIn}
      />
      <TextField
        label="Check-out"
        type="date"
        value={values.checkOut}
        onChange={set("checkOut")}
        error={errors.checkOut}
      />
      <TextField
        className="sm:col-span-2"
        label="Booking reference"
        hint="Members only: never on the shared page"
        value={values.reference}
        onChange={set("reference")}
        error={errors.reference}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm">
          {submitLabel}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
