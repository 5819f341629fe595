import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { FieldErrors, FieldValues, UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { loadOnce } from "./load-once.ts";

type Field = { elements: Set<HTMLInputElement>; asNumber: boolean };
type Registration = {
  name: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLInputElement | null) => void;
};
type Check<TInput extends FieldValues, TOutput> =
  { ok: true; values: TOutput } | { ok: false; errors: FieldErrors<TInput> };

export type NativeForm<TInput extends FieldValues, TOutput> = {
  /** The same contract as react-hook-form's `register`, so shared fields serve both kinds of form. */
  register: UseFormRegister<TInput>;
  errors: FieldErrors<TInput>;
  handleSubmit: (onValid: (values: TOutput) => void) => (event: FormEvent) => Promise<void>;
  getValues: () => TInput;
  /** New starting values: they fill every field the visitor has not changed; messages stay. */
  fillUntouched: (values: Partial<TInput>) => void;
  /** Starts fetching the schema ahead of the first check (call it when a field gets focus). */
  preload: () => void;
  /**
   * Checks again after a value kept outside the inputs (`extraValues`) changed, once the form was
   * submitted: that value's messages, its nested ones ("stops.1.nights") too, are refreshed.
   */
  revalidate: (name: string) => void;
};

/** In document order, so the first one is the one a reader meets first. */
const byPosition = (a: Node, b: Node) =>
  a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

function write(elements: HTMLInputElement[], value: unknown) {
  for (const element of elements) {
    if (element.type === "checkbox")
      element.checked = Array.isArray(value) && value.includes(element.value);
    else if (element.type === "radio") element.checked = element.value === value;
    else
      element.value =
        typeof value === "string" || (typeof value === "number" && !Number.isNaN(value))
          ? String(value)
          : "";
  }
}

// As react-hook-form reads them: checkboxes sharing a name as the list of those checked, radios as
// the checked one's value (null for none), a number field as a number (NaN when empty).
function read(elements: HTMLInputElement[], asNumber: boolean): unknown {
  const first = elements[0];
  if (!first) return undefined;
  if (first.type === "checkbox") return elements.filter((e) => e.checked).map((e) => e.value);
  if (first.type === "radio") return elements.find((e) => e.checked)?.value ?? null;
  if (asNumber) return first.value === "" ? Number.NaN : Number(first.value);
  return first.value;
}

/**
 * A form of uncontrolled inputs checked with one of the shared zod schemas, for the Home page's
 * plan form: what it used of react-hook-form (about 13 KB gzip that every visitor of `/` fetched)
 * in a few lines. As react-hook-form did there: the form is checked when submitted, then again as
 * each field changes (that field's message only); a failed submit focuses the first field with a
 * message. The schema (classic zod) is fetched with the first check or the first focus, not with
 * the page.
 */
export function useNativeForm<TInput extends FieldValues, TOutput>({
  defaultValues,
  loadSchema,
  extraValues,
}: {
  defaultValues: Partial<TInput>;
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>;
  /** Values the form keeps in React state rather than in inputs (a list of cities). */
  extraValues?: () => Partial<TInput>;
}): NativeForm<TInput, TOutput> {
  const [errors, setErrors] = useState<FieldErrors<TInput>>({});
  const state = useRef<{
    fields: Map<string, Field>;
    registrations: Map<string, Registration>;
    touched: Set<string>;
    defaults: Partial<TInput>;
    submitted: boolean;
    schema: () => Promise<z.ZodType<TOutput, TInput>>;
  } | null>(null);
  state.current ??= {
    fields: new Map(),
    registrations: new Map(),
    touched: new Set(),
    defaults: defaultValues,
    submitted: false,
    schema: loadOnce(loadSchema),
  };
  const form = state.current;

  const elementsOf = (name: string) =>
    [...(form.fields.get(name)?.elements ?? [])].filter((e) => e.isConnected);

  const getValues = () => {
    const values: Record<string, unknown> = {};
    for (const [name, field] of form.fields) values[name] = read(elementsOf(name), field.asNumber);
    return { ...values, ...extraValues?.() } as TInput;
  };

  const check = async (): Promise<Check<TInput, TOutput>> => {
    const result = (await form.schema()).safeParse(getValues());
    if (result.success) return { ok: true, values: result.data };
    const found: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      if (typeof name !== "string") continue;
      found[name] ??= { type: issue.code, message: issue.message };
      // A list's own items are named too ("stops.1.nights"), for a message under that item.
      if (issue.path.length > 1)
        found[issue.path.join(".")] ??= { type: issue.code, message: issue.message };
    }
    return { ok: false, errors: found as FieldErrors<TInput> };
  };

  const revalidate = async (name: string) => {
    const result = await check();
    const found: Record<string, unknown> = result.ok ? {} : result.errors;
    setErrors((current) => {
      const next: Record<string, unknown> = { ...current };
      for (const key of Object.keys(next))
        if (key === name || key.startsWith(`${name}.`)) delete next[key];
      for (const [key, message] of Object.entries(found))
        if (key === name || key.startsWith(`${name}.`)) next[key] = message;
      return next as FieldErrors<TInput>;
    });
  };

  const register = (name: string, options?: { valueAsNumber?: boolean }) => {
    let registration = form.registrations.get(name);
    if (!registration) {
      const field: Field = { elements: new Set(), asNumber: options?.valueAsNumber === true };
      form.fields.set(name, field);
      registration = {
        name,
        onChange: () => {
          form.touched.add(name);
          if (form.submitted) void revalidate(name);
        },
        onBlur: () => undefined,
        ref: (element) => {
          if (!element || field.elements.has(element)) return;
          field.elements.add(element);
          if (!form.touched.has(name))
            write([element], (form.defaults as Record<string, unknown>)[name]);
        },
      };
      form.registrations.set(name, registration);
    }
    return registration;
  };

  return {
    register: register as unknown as UseFormRegister<TInput>,
    errors,
    getValues,
    preload: () => void form.schema().catch(() => undefined),
    revalidate: (name) => {
      if (form.submitted) void revalidate(name);
    },
    fillUntouched: (values) => {
      form.defaults = values;
      for (const name of form.fields.keys())
        if (!form.touched.has(name))
          write(elementsOf(name), (values as Record<string, unknown>)[name]);
    },
    handleSubmit: (onValid) => async (event) => {
      event.preventDefault();
      form.submitted = true;
      const result = await check();
      setErrors(result.ok ? {} : result.errors);
      if (result.ok) {
        onValid(result.values);
        return;
      }
      const invalid = Object.keys(result.errors).flatMap(elementsOf).sort(byPosition);
      invalid[0]?.focus();
    },
  };
}
