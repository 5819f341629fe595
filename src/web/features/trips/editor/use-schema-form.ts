import { useEffect, useState } from "react";
import type { z } from "zod";
import { mappedZodResolver } from "#web/lib/mapped-resolver.ts";
import { useMergedForm } from "#web/lib/use-merged-form.ts";
import { useLastRemoteChange } from "./live-change-context.ts";
import type { FormSaveResult } from "./editor-form.tsx";

/**
 * A small editor form's text values checked by its shared zod schema (react-hook-form), which loads
 * when the form first opens (not with the page), on what the form sends (`toInput`). `current` is
 * the thing's values as the page holds them now: a companion's change is merged in field by field
 * (lib/use-merged-form.ts). `field` binds a control to a value; `submit` checks the values (each
 * field's first message under it, or `unavailable`'s when the schema could not load) and hands the
 * parsed data and the changed fields' names to `save`, which answers whether the form is done; a
 * 409 or a refusal leaves it open with what was typed.
 */
export function useSchemaForm<V extends Record<string, string>, S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  current: V,
  unavailable: { field: keyof V & string; message: string },
  toInput: (values: V) => unknown,
) {
  const remote = useLastRemoteChange();
  const [seenVersion, setSeenVersion] = useState(remote?.version ?? 0);
  const [saving, setSaving] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const merge = useMergedForm<V, z.output<S>>(current, {
    paused: saving,
    by: () => {
      if (remote === null || remote.version <= seenVersion) return null;
      setSeenVersion(remote.version);
      return remote.by?.name ?? "Someone";
    },
    resolver: mappedZodResolver(loadSchema, toInput, { unavailable }),
  });
  useEffect(() => void loadSchema().catch(() => undefined), [loadSchema]);

  const submit = (save: (data: z.output<S>, changed: (keyof V)[]) => Promise<FormSaveResult>) =>
    merge.form.handleSubmit(async (data) => {
      if (saving) return;
      setSaving(true);
      setUnsaved(false);
      merge.dismiss();
      const result = await save(data, Object.keys(merge.changed()));
      if (result === "done") return;
      setSaving(false);
      setUnsaved(result === "conflict");
    })();

  return {
    field: merge.field,
    submit,
    notes: {
      news: merge.news,
      unsaved,
      onKeepMine: merge.keepMine,
      onTakeTheirs: merge.takeTheirs,
    },
  };
}
