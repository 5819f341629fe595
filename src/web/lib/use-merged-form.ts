import { useState } from "react";
import {
  useForm,
  useWatch,
  type DefaultValues,
  type Path,
  type PathValue,
  type Resolver,
} from "react-hook-form";
import { mergeFields, type FieldNews } from "./field-merge.ts";

type Values = Record<string, string>;

const differs = <V extends Values>(a: V, b: V) => Object.keys(a).some((key) => a[key] !== b[key]);

/**
 * An edit form (react-hook-form, checked by `resolver`) of text values merged with the thing as it
 * is now, field by field. `current` is the thing's values as the page holds them (each render); the
 * form keeps what it last took from them (`base`). When `current` moves on (a companion's change,
 * or a 409's latest version), a field the traveller did not touch takes the new value, one they
 * changed keeps theirs, and one both changed to different values is a clash the form asks about
 * (lib/field-merge.ts). `changed()` is what a save sends: the fields the traveller changed from
 * `base`, never a stale copy of the others. Paused while a save of the form runs: its own
 * optimistic copy is not news. Messages change with each submit only.
 */
export function useMergedForm<V extends Values, TOutput>(
  current: V,
  {
    paused,
    by,
    resolver,
  }: {
    paused: boolean;
    by: () => string | null;
    resolver: Resolver<V, unknown, TOutput>;
  },
) {
  const form = useForm<V, unknown, TOutput>({
    defaultValues: current as DefaultValues<V>,
    resolver,
  });
  const values = useWatch({ control: form.control }) as V;
  const [base, setBase] = useState(current);
  const [news, setNews] = useState<FieldNews<V> | null>(null);
  const set = (field: keyof V, value: string) =>
    form.setValue(field as Path<V>, value as PathValue<V, Path<V>>);

  if (!paused && differs(current, base)) {
    const merge = mergeFields(base, form.getValues(), current, { open: news?.clashes });
    setBase(current);
    for (const key of merge.taken) set(key, merge.values[key]!);
    if (merge.clashes.length > 0 || merge.taken.length > 0)
      setNews({
        by: merge.newClashes.length > 0 || merge.taken.length > 0 ? by() : (news?.by ?? null),
        clashes: merge.clashes,
        taken: merge.taken,
      });
  }

  /** The fields the traveller changed (what a save sends). */
  const changed = (): Partial<V> => {
    const now = form.getValues();
    return Object.fromEntries(
      Object.keys(now)
        .filter((key) => now[key] !== base[key])
        .map((key) => [key, now[key]]),
    ) as Partial<V>;
  };
  const settle = () => setNews((n) => (n && n.taken.length > 0 ? { ...n, clashes: [] } : null));
  return {
    form,
    values,
    set,
    /** A field's value and change handler, spread onto its control: `{...field("name")}`. */
    field: (name: keyof V) => ({
      value: values[name],
      onChange: (event: { target: { value: string } }) => set(name, event.target.value),
      error: form.formState.errors[name as Path<V>]?.message as string | undefined,
    }),
    changed,
    news,
    /** The traveller's values stand for the clashing fields (saved over theirs). */
    keepMine: settle,
    /** Their values for the clashing fields; the traveller's other changes stay. */
    takeTheirs: () => {
      for (const key of news?.clashes ?? []) set(key, base[key]!);
      settle();
    },
    /** The note about fields taken from them is read: gone. */
    dismiss: () => setNews((n) => (n && n.clashes.length > 0 ? { ...n, taken: [] } : null)),
  };
}
