import { useState } from "react";
import { mergeFields, type FieldNews } from "./field-merge.ts";

type Values = Record<string, string>;

const differs = <V extends Values>(a: V, b: V) => Object.keys(a).some((key) => a[key] !== b[key]);

/**
 * An edit form's text values merged with the thing as it is now, field by field. `current` is the
 * thing's values as the page holds them (each render); the form keeps what it last took from them
 * (`base`). When `current` moves on (a companion's change, or a 409's latest version), a field the
 * traveller did not touch takes the new value, one they changed keeps theirs, and one both changed to
 * different values is a clash the form asks about. `changed()` is what a save sends: the fields the
 * traveller changed from `base`, never a stale copy of the others. Paused while a save of the form
 * runs: its own optimistic copy is not news.
 */
export function useFieldMerge<V extends Values>(
  current: V,
  { paused, by }: { paused: boolean; by: () => string | null },
) {
  const [base, setBase] = useState(current);
  const [values, setValues] = useState(current);
  const [news, setNews] = useState<FieldNews<V> | null>(null);

  if (!paused && differs(current, base)) {
    const merge = mergeFields(base, values, current, { open: news?.clashes });
    setBase(current);
    setValues(merge.values);
    if (merge.clashes.length > 0 || merge.taken.length > 0)
      setNews({
        by: merge.newClashes.length > 0 || merge.taken.length > 0 ? by() : (news?.by ?? null),
        clashes: merge.clashes,
        taken: merge.taken,
      });
  }

  const set = (field: keyof V, value: string) => setValues((v) => ({ ...v, [field]: value }));
  /** The fields the traveller changed (what a save sends). */
  const changed = (): Partial<V> =>
    Object.fromEntries(
      Object.keys(values)
        .filter((key) => values[key] !== base[key])
        .map((key) => [key, values[key]]),
    ) as Partial<V>;
  const settle = () => setNews((n) => (n && n.taken.length > 0 ? { ...n, clashes: [] } : null));
  return {
    values,
    set,
    changed,
    news,
    /** The traveller's values stand for the clashing fields (saved over theirs). */
    keepMine: settle,
    /** Their values for the clashing fields; the traveller's other changes stay. */
    takeTheirs: () => {
      const clashes = news?.clashes ?? [];
      setValues((v) => ({ ...v, ...Object.fromEntries(clashes.map((key) => [key, base[key]])) }));
      settle();
    },
    /** The note about fields taken from them is read: gone. */
    dismiss: () => setNews((n) => (n && n.clashes.length > 0 ? { ...n, taken: [] } : null)),
  };
}
