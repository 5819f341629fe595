import { useForm } from "react-hook-form";
import type { TripRename } from "#shared/schemas/trip-edit.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";

// The name's rule as PATCH /api/trips/:id checks it, fetched with the first check.
const renameResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-edit.ts")).tripRenameSchema,
);

/**
 * "Trip name": the trip's own name, in place of its heading. `onDone` gets the new name, or null when
 * cancelled (Escape too). The destination, which the planner searches, is not changed by it.
 */
export function TripNameForm({
  name,
  maxLength,
  onDone,
}: {
  name: string;
  maxLength: number;
  onDone: (name: string | null) => void;
}) {
  const form = useForm<TripRename, unknown, TripRename>({
    resolver: renameResolver,
    defaultValues: { name },
  });
  const submit = form.handleSubmit(({ name: typed }) => onDone(typed.replace(/\s+/g, " ")));
  return (
    <form
      aria-label="Rename trip"
      noValidate
      className="flex flex-wrap items-end gap-2"
      onFocus={renameResolver.preload}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone(null);
      }}
    >
      <TextField
        label="Trip name"
        // Opened from the menu on purpose: the field is what the traveller came for.
        autoFocus
        maxLength={maxLength}
        error={form.formState.errors.name?.message}
        className="min-w-0 flex-1"
        {...form.register("name")}
      />
      <Button type="submit">Save name</Button>
      <Button variant="secondary" onClick={() => onDone(null)}>
        Cancel
      </Button>
    </form>
  );
}
