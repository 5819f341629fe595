import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { IDEA_TITLE_MAX_LENGTH } from "#shared/idea-limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { mappedZodResolver } from "#web/lib/mapped-resolver.ts";
import type { LatLng } from "../map-model.ts";

const FAILED = "Failed to add the idea";

type PointForm = { title: string };

/** The idea as POST …/ideas takes it: the name typed (else the pin's), and the point as its place. */
const ideaAt = (point: LatLng, typed: string) => {
  const title = typed.trim() || `Pin at ${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;
  return { title, place: { name: title, lat: point.lat, lng: point.lng } };
};

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
  // The route's own schema checks what is sent (the form holds the name as typed); one point per
  // mount, as the map keys this form by its point.
  const [resolver] = useState(() =>
    mappedZodResolver(
      async () => (await import("#shared/schemas/ideas.ts")).ideaInputSchema,
      (values: PointForm) => ideaAt(point, values.title),
      { unavailable: { field: "root", message: FAILED } },
    ),
  );
  const form = useForm<PointForm, unknown, { title?: string }>({
    resolver,
    defaultValues: { title: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const where = `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;

  const submit = form.handleSubmit(async ({ title }) => {
    try {
      await onAdd(point, title ?? ideaAt(point, "").title);
      onClose();
    } catch (failure) {
      form.setError("root", { message: getErrorMessage(failure, FAILED) });
    }
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-2 rounded-md border border-violet-300 bg-violet-50 p-3 text-sm"
    >
      <p id={headingId} className="font-medium">
        Add to ideas: the point at {where}
      </p>
      <TextField
        label="Name (optional)"
        autoComplete="off"
        maxLength={IDEA_TITLE_MAX_LENGTH}
        error={errors.title?.message}
        {...form.register("title")}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Adding..." : "Add to ideas"}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
