import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import type { LatLng } from "../map-model.ts";

/**
 * "Add to ideas" for a point of the map (issue 49): offered where the map was clicked (or at its
 * centre, the keyboard way), with a name to give it; the idea gets the point as its place.
 */
export function AddIdeaAtPoint({
  point,
  onAdd,
  onClose,
}: {
  point: LatLng;
  onAdd: (point: LatLng, title: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const headingId = useId();
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const where = `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;

  const add = async () => {
    const name = title.trim() || `Pin at ${where}`;
    setSaving(true);
    setError(null);
    try {
      await onAdd(point, name);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure, "Failed to add the idea"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
      className="flex flex-col gap-2 rounded-md border border-violet-300 bg-violet-50 p-3 text-sm"
    >
      <p id={headingId} className="font-medium">
        Add to ideas: the point at {where}
      </p>
      <TextField
        label="Name (optional)"
        autoComplete="off"
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
      />
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? "Adding..." : "Add to ideas"}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
