import { useEffect, useState } from "react";
import type { z } from "zod";
import { useLastRemoteChange } from "./live-change-context.ts";
import { useFieldMerge } from "#web/lib/use-field-merge.ts";
import type { FormSaveResult } from "./editor-form.tsx";

type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * A small editor form's text values checked by its shared zod schema, which loads when the form
 * first opens (not with the page). `current` is the thing's values as the page holds them now: a
 * companion's change is merged in field by field (use-field-merge.ts). `field` binds a control to a
 * value; `submit` checks the values (each field's first message under it, or `unavailable`'s when
 * the schema could not load) and hands the parsed data and the changed fields' names to `save`,
 * which answers whether the form is done; a 409 or a refusal leaves it open with what was typed.
 */
export function useSchemaForm<V extends Record<string, string>, S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  current: V,
  unavailable: { field: keyof V; message: string },
) {
  const remote = useLastRemoteChange();
  const [seenVersion, setSeenVersion] = useState(remote?.version ?? 0);
  const [saving, setSaving] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const merge = useFieldMerge(current, {
    paused: saving,
    by: () => {
      if (remote === null || remote.version <= seenVersion) return null;
      setSeenVersion(remote.version);
      return remote.by?.name ?? "Someone";
    },
  });
  const { values } = merge;
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  // A field's value, change handler and message, spread onto its control: `{...field("name")}`.
  const field = (name: keyof V) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => merge.set(name, event.target.value),
    error: errors[name],
  });
  useEffect(() => void loadSchema().catch(() => undefined), [loadSchema]);

  const submit = async (
    toInput: (values: V) => unknown,
    save: (data: z.output<S>, changed: (keyof V)[]) => Promise<FormSaveResult>,
  ) => {
    if (saving) return;
    let schema: S;
    try {
      schema = await loadSchema();
    } catch {
      setErrors({ [unavailable.field]: unavailable.message } as FieldErrors<V>);
      return;
    }
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) {
      const next: FieldErrors<V> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof V] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    setUnsaved(false);
    merge.dismiss();
    const result = await save(parsed.data, Object.keys(merge.changed()));
    if (result === "done") return;
    setSaving(false);
    setUnsaved(result === "conflict");
  };

  return {
    field,
    submit,
    notes: {
      news: merge.news,
      unsaved,
      onKeepMine: merge.keepMine,
      onTakeTheirs: merge.takeTheirs,
    },
  };
}
