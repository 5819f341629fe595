import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Idea, IdeaPatch } from "#shared/schemas/ideas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useUpdateIdea } from "../api/update-idea.ts";

// The route's own schema (PATCH …/ideas/:ideaId), fetched with the first check.
const patchResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/ideas.ts")).ideaPatchSchema,
);

const FIELDS = ["title", "url", "note"] as const;
type EditField = (typeof FIELDS)[number];
const isField = (name: string): name is EditField => (FIELDS as readonly string[]).includes(name);

/** "Edit" on an idea card: its title, link and note in place; an emptied link is cleared. */
export function EditIdea({ idea, tripId }: { idea: Idea; tripId: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const update = useUpdateIdea(tripId);
  const form = useForm<IdeaPatch, unknown, IdeaPatch>({
    resolver: patchResolver,
    defaultValues: { title: idea.title, url: idea.url, note: idea.note },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (patch) => {
    try {
      await update.mutateAsync({ ideaId: idea.id, patch });
      setOpen(false);
    } catch (error) {
      const issues = error instanceof ApiRequestError ? error.issues : [];
      let shown = false;
      for (const issue of issues) {
        const field = issue.path.split(".")[0] ?? "";
        if (isField(field)) {
          form.setError(field, { message: issue.message });
          shown = true;
        }
      }
      if (!shown)
        form.setError("root", { message: getErrorMessage(error, "Failed to save the idea") });
    }
  });

  if (!open)
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Edit ${idea.title}`}
        onClick={() => {
          form.reset({ title: idea.title, url: idea.url, note: idea.note });
          setOpen(true);
        }}
      >
        Edit
      </Button>
    );
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onFocus={patchResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="flex w-full flex-col gap-2 rounded-md bg-slate-50 p-2"
    >
      <h4 id={headingId} className="text-sm font-semibold">
        Edit {idea.title}
      </h4>
      <TextField
        label="Title"
        autoComplete="off"
        error={errors.title?.message}
        {...form.register("title")}
      />
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        error={errors.url?.message}
        {...form.register("url", {
          // Emptied: the link is cleared (null), as the route takes it.
          setValueAs: (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null),
        })}
      />
      <TextareaField
        label="Note (optional)"
        rows={2}
        error={errors.note?.message}
        {...form.register("note")}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
