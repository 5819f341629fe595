import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";

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
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      aria-label="Rename trip"
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = value.trim().replace(/\s+/g, " ");
        if (!trimmed) setError("Name is required");
        else onDone(trimmed);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone(null);
      }}
    >
      <TextField
        label="Trip name"
        // Opened from the menu on purpose: the field is what the traveller came for.
        autoFocus
        maxLength={maxLength}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        className="min-w-0 flex-1"
      />
      <Button type="submit">Save name</Button>
      <Button variant="secondary" onClick={() => onDone(null)}>
        Cancel
      </Button>
    </form>
  );
}
