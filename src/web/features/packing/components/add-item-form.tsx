import { useForm } from "react-hook-form";
import type { PackingItemInput } from "#shared/schemas/packing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { showApiErrors } from "#web/lib/api-field-errors.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";

// The same schema as the server's route, fetched with the first check (see lazy-resolver.ts).
const itemResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/packing.ts")).packingItemInputSchema,
);

const FIELDS = ["name", "category", "quantity", "note"] as const;

/** "Add an item" to one list: a name, and a category and a quantity when they matter. */
export function AddItemForm({
  listLabel,
  onSubmit,
}: {
  /** "the shared list", "my list": in the form's accessible name. */
  listLabel: string;
  onSubmit: (input: PackingItemInput) => Promise<unknown>;
}) {
  const form = useForm<PackingItemInput, unknown, PackingItemInput>({ resolver: itemResolver });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      // Ready for the next one: the same category, a new name.
      form.reset({ category: values.category, name: "", quantity: undefined });
      form.setFocus("name");
    } catch (error) {
      showApiErrors(form.setError, error, FIELDS, "Failed to add the item");
    }
  });

  return (
    <form
      noValidate
      aria-label={`Add an item to ${listLabel}`}
      onFocus={itemResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="grid grid-cols-[1fr_5rem] gap-2 sm:grid-cols-[2fr_1fr_5rem_auto] sm:items-end print:hidden"
    >
      <TextField
        label="Item"
        autoComplete="off"
        className="col-span-2 sm:col-span-1"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label="Category"
        autoComplete="off"
        error={errors.category?.message}
        {...form.register("category", {
          setValueAs: (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined),
        })}
      />
      <TextField
        label="Qty"
        inputMode="numeric"
        autoComplete="off"
        error={errors.quantity?.message}
        {...form.register("quantity", {
          setValueAs: (v: unknown) =>
            typeof v === "number"
              ? v
              : typeof v === "string" && v.trim() !== ""
                ? Number(v)
                : undefined,
        })}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={isSubmitting}
        className="col-span-2 sm:col-span-1"
      >
        {isSubmitting ? "Adding..." : "Add"}
      </Button>
      {errors.root?.message ? (
        <p role="alert" className="col-span-2 text-sm text-red-700 sm:col-span-4">
          {errors.root.message}
        </p>
      ) : null}
    </form>
  );
}
