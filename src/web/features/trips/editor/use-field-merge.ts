import { useState } from "react";

type Values = Record<string, string>;

export type FieldNews<V extends Values> = {
  /** Who changed the thing while the form was open (null: not known, or this tab). */
  by: string | null;
  /** Fields both changed to different values: Keep mine or Take theirs is asked for these only. */
  clashes: (keyof V)[];
  /** Fields only they changed: their value is in the form now, the traveller's others are kept. */
  taken: (keyof V)[];
};

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
    const clashes: (keyof V)[] = [];
    const taken: (keyof V)[] = [];
    const next = { ...values };
    for (const key of Object.keys(current) as (keyof V & string)[]) {
      if (current[key] === base[key]) continue;
      if (values[key] === base[key]) {
        next[key] = current[key];
        taken.push(key);
      } else if (values[key] !== current[key]) clashes.push(key);
    }
    setBase(current);
    setValues(next);
    // A clash stays until answered, whoever changes the thing next.
    const open = news?.clashes.filter(
      (key) => !taken.includes(key) && values[key] !== current[key],
    );
    const allClashes = [...new Set([...(open ?? []), ...clashes])];
    if (allClashes.length > 0 || taken.length > 0)
      setNews({
        by: clashes.length > 0 || taken.length > 0 ? by() : (news?.by ?? null),
        clashes: allClashes,
        taken,
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
