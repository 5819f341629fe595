import { useEffect, useState } from "react";
import type { z } from "zod";

type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * A small editor form's text values checked by its shared zod schema, which loads when the form
 * first opens (not with the page). `field` binds a control to a value; `check` answers the parsed data, or null after putting each
 * field's first message under it (or `unavailable`'s message when the schema could not load).
 */
export function useSchemaForm<V extends Record<string, string>, S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  initial: () => V,
  unavailable: { field: keyof V; message: string },
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const set = (field: keyof V) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  // A field's value, change handler and message, spread onto its control: `{...field("name")}`.
  const field = (name: keyof V) => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });
  useEffect(() => void loadSchema().catch(() => undefined), [loadSchema]);

  const check = async (toInput: (values: V) => unknown): Promise<z.output<S> | null> => {
    let schema: S;
    try {
      schema = await loadSchema();
    } catch {
      setErrors({ [unavailable.field]: unavailable.message } as FieldErrors<V>);
      return null;
    }
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return parsed.data;
    const next: FieldErrors<V> = {};
    for (const issue of parsed.error.issues) next[issue.path[0] as keyof V] ??= issue.message;
    setErrors(next);
    return null;
  };

  return { field, check };
}
