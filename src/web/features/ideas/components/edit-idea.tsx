import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Idea, IdeaPatch } from "#shared/schemas/ideas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { showApiErrors } from "#web/lib/api-field-errors.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useUpdateIdea } from "../api/update-idea.ts";
import { IdeaLinkNote } from "./idea-link-note.tsx";

// The route's own schema (PATCH …/ideas/:ideaId), fetched with the first check.
const patchResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/ideas.ts")).ideaPatchSchema,
);

const FIELDS = ["title", "url", "note"] as const;

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
      showApiErrors(form.setError, error, FIELDS, "Failed to save the idea");
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
      <IdeaLinkNote
        url={form.register("url", {
          // Emptied: the link is cleared (null), as the route takes it.
          setValueAs: (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null),
        })}
        note={form.register("note")}
        errors={errors}
      />
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
