import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import type {
  DefaultValues,
  FieldErrors,
  FieldValues,
  Path,
  PathValue,
  Resolver,
  UseFormRegister,
  UseFormReturn,
} from "react-hook-form";
import { loadOnce } from "./load-once.ts";

type Control<TInput extends FieldValues, TOutput> = Omit<
  UseFormReturn<TInput, unknown, TOutput>,
  "formState"
>;

// react-hook-form itself (about 13 KB gzip): fetched when the visitor first turns to the form.
const loadReactHookForm = loadOnce(() => import("react-hook-form"));

export type DeferredForm<TInput extends FieldValues, TOutput> = {
  /** The form element's ref: its fields are read there until react-hook-form is. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Fetches react-hook-form and lets it take the fields over (call it when the form gets focus). */
  wake: () => void;
  register: UseFormRegister<TInput>;
  errors: FieldErrors<TInput>;
  /** Whether a submit was tried (messages then follow each change). */
  isSubmitted: boolean;
  handleSubmit: (onValid: (values: TOutput) => void) => (event: FormEvent) => void;
  getValues: () => TInput;
  /**
   * A value kept outside the inputs (a list of cities), or a field filled for the visitor; checked
   * again once the form was submitted. Only once react-hook-form is there (`ready`).
   */
  setValue: (name: Path<TInput>, value: unknown) => void;
  /** True once react-hook-form has taken the inputs over (after `wake`). */
  ready: boolean;
  /** Checks a field again (after a value it depends on changed), once the form was submitted. */
  revalidate: (name: Path<TInput>) => void;
};

/** "" for no value, else the value as JSON: an empty field and a missing default are the same. */
const keyOf = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (typeof value === "number" && Number.isNaN(value))
    ? ""
    : JSON.stringify(Array.isArray(value) ? value.toSorted() : value);

/** The value at a dotted field name ("lodging.kind") of the form's values. */
const valueAt = (values: unknown, name: string): unknown =>
  name
    .split(".")
    .reduce<unknown>(
      (held, key) =>
        typeof held === "object" && held !== null
          ? (held as Record<string, unknown>)[key]
          : undefined,
      values,
    );

/** `values` with `value` at a dotted field name, the objects on the way made as needed. */
function setAt(values: Record<string, unknown>, name: string, value: unknown) {
  const keys = name.split(".");
  const last = keys.pop()!;
  let held = values;
  for (const key of keys) {
    const next = held[key];
    held[key] = typeof next === "object" && next !== null ? next : {};
    held = held[key] as Record<string, unknown>;
  }
  held[last] = value;
}

/** Shows a value in a field: boxes ticked when the list holds theirs, the radio of the value checked. */
function showValue(element: HTMLInputElement, value: unknown) {
  if (element.type === "checkbox")
    element.checked = Array.isArray(value) && value.includes(element.value);
  else if (element.type === "radio") element.checked = element.value === value;
  else
    element.value =
      typeof value === "string" || (typeof value === "number" && !Number.isNaN(value))
        ? String(value)
        : "";
}

/** A field's value as react-hook-form reads it: boxes as the list ticked, radios as the one checked. */
function readField(form: HTMLFormElement, name: string, asNumber: boolean): unknown {
  const elements = [...form.querySelectorAll<HTMLInputElement>(`[name="${CSS.escape(name)}"]`)];
  const first = elements[0];
  if (!first) return undefined;
  if (first.type === "checkbox") return elements.filter((e) => e.checked).map((e) => e.value);
  if (first.type === "radio") return elements.find((e) => e.checked)?.value ?? null;
  if (asNumber) return first.value === "" ? Number.NaN : Number(first.value);
  return first.value;
}

/**
 * A react-hook-form form whose library arrives when the visitor first turns to it (focus, or a
 * submit), not with the page: for the Home page's plan form, which every visitor of `/` hydrates
 * (react-hook-form would be about 13 KB gzip of the first view's budget). Until then its fields are
 * plain inputs showing `defaultValues` (new defaults fill the fields not yet typed in, as the
 * browser does for a default value); then react-hook-form's own form control (`createFormControl`)
 * takes the same inputs over with what they hold, a change typed before it counting as the
 * visitor's. Validation, messages and focus on the first wrong field are react-hook-form's; the
 * resolver is the shared zod schema's (lazy-resolver.ts). Later defaults fill only the fields the
 * visitor has not changed.
 */
export function useDeferredForm<TInput extends FieldValues, TOutput>({
  defaultValues,
  resolver,
  extraValues,
}: {
  defaultValues: Partial<TInput>;
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Values kept outside the inputs, given to react-hook-form when it takes over. */
  extraValues?: () => Partial<TInput>;
}): DeferredForm<TInput, TOutput> {
  const formRef = useRef<HTMLFormElement>(null);
  const [control, setControl] = useState<Control<TInput, TOutput> | null>(null);
  const [errors, setErrors] = useState<FieldErrors<TInput>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const state = useRef<{
    defaults: Partial<TInput>;
    /** Each field's name, and whether it is read as a number. */
    fields: Map<string, boolean>;
    /** The fields changed before react-hook-form was there. */
    touched: Set<string>;
    waking: Promise<void> | null;
    // A submit before react-hook-form was there: run once it has taken the inputs over.
    queued: ((control: Control<TInput, TOutput>) => void) | null;
  } | null>(null);
  state.current ??= {
    defaults: defaultValues,
    fields: new Map(),
    touched: new Set(),
    waking: null,
    queued: null,
  };
  const own = state.current;

  const readValues = () => {
    const values: Record<string, unknown> = {};
    const form = formRef.current;
    // Nested names ("lodging.kind") as react-hook-form's values have them.
    if (form)
      for (const [name, asNumber] of own.fields)
        setAt(values, name, readField(form, name, asNumber));
    return { ...values, ...extraValues?.() } as TInput;
  };

  const wake = () => {
    own.waking ??= loadReactHookForm().then(
      ({ createFormControl }) => {
        const created = createFormControl<TInput, unknown, TOutput>({
          defaultValues: own.defaults as DefaultValues<TInput>,
          resolver,
        });
        // What the visitor typed before is theirs: set as changed, so later defaults leave it.
        const now = readValues();
        const names = [...own.fields.keys(), ...Object.keys(extraValues?.() ?? {})];
        for (const name of new Set(names)) {
          const value = valueAt(now, name);
          if (keyOf(value) !== keyOf(valueAt(own.defaults, name)))
            created.setValue(name as Path<TInput>, value as PathValue<TInput, Path<TInput>>, {
              shouldDirty: true,
            });
        }
        setControl(created);
      },
      (error: unknown) => {
        own.waking = null;
        throw error;
      },
    );
    return own.waking;
  };

  useEffect(() => {
    if (!control) return;
    const unsubscribe = subscribeTo(control, setErrors, setSubmitted);
    const pending = state.current;
    const queued = pending?.queued;
    if (pending) pending.queued = null;
    queued?.(control);
    return unsubscribe;
  }, [control]);

  // New defaults: the fields not changed by the visitor take them.
  const defaultsKey = JSON.stringify(defaultValues);
  const appliedKey = useRef(defaultsKey);
  useEffect(() => {
    if (appliedKey.current === defaultsKey) return;
    appliedKey.current = defaultsKey;
    if (state.current) state.current.defaults = defaultValues;
    if (!control) return;
    for (const [name, value] of Object.entries(defaultValues)) {
      const path = name as Path<TInput>;
      if (!control.getFieldState(path).isDirty)
        control.resetField(path, {
          defaultValue: value as PathValue<TInput, Path<TInput>>,
        });
    }
  }, [defaultsKey, defaultValues, control]);

  // Until react-hook-form is there: plain inputs showing the defaults, the latest ones in each
  // field the visitor has not changed (a new function each render, so each render's reach them).
  const plainRegister = ((name: string, options?: { valueAsNumber?: boolean }) => {
    own.fields.set(name, options?.valueAsNumber === true);
    const value = valueAt(defaultValues, name);
    return {
      name,
      onChange: () => {
        own.touched.add(name);
        return Promise.resolve();
      },
      onBlur: () => Promise.resolve(),
      ref: (element: HTMLInputElement | null) => {
        if (element && !own.touched.has(name)) showValue(element, value);
      },
    };
  }) as unknown as UseFormRegister<TInput>;

  const register = control
    ? (((name: Path<TInput>, options?: { valueAsNumber?: boolean }) => {
        own.fields.set(name, options?.valueAsNumber === true);
        return control.register(name, options);
      }) as UseFormRegister<TInput>)
    : plainRegister;

  const handleSubmit = (onValid: (values: TOutput) => void) => (event: FormEvent) => {
    event.preventDefault();
    const run = (ready: Control<TInput, TOutput>) => void ready.handleSubmit(onValid)();
    if (control) run(control);
    else {
      own.queued = run;
      void wake().catch(() => undefined);
    }
  };

  return {
    formRef,
    wake: () => void wake().catch(() => undefined),
    register,
    errors,
    isSubmitted,
    handleSubmit,
    ready: control !== null,
    getValues: () => (control ? control.getValues() : readValues()),
    setValue: (name, value) =>
      control?.setValue(name, value as PathValue<TInput, Path<TInput>>, {
        shouldValidate: isSubmitted,
      }),
    revalidate: (name) => {
      if (control && isSubmitted) void control.trigger(name);
    },
  };
}

function subscribeTo<TInput extends FieldValues, TOutput>(
  control: Control<TInput, TOutput>,
  setErrors: (errors: FieldErrors<TInput>) => void,
  setSubmitted: (submitted: boolean) => void,
) {
  return control.subscribe({
    formState: { errors: true, isSubmitted: true },
    callback: ({ errors, isSubmitted }) => {
      // A copy: react-hook-form changes its own object in place.
      setErrors({ ...(errors ?? {}) } as FieldErrors<TInput>);
      setSubmitted(Boolean(isSubmitted));
    },
  });
}
