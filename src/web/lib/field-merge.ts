/**
 * What an open edit form says when the thing it edits changed under it (a companion's change, or
 * the latest version after a 409): who changed it, if known, and which fields.
 */
export type FieldNews<V> = {
  /** Who changed the thing while the form was open (null: not known, or this tab). */
  by: string | null;
  /** Fields both changed to different values: Keep mine or Take theirs is asked for these only. */
  clashes: (keyof V)[];
  /** Fields only they changed: their value is in the form now, the traveller's others are kept. */
  taken: (keyof V)[];
};

export type FieldMerge<V> = {
  /** The form's values with the other change's fields taken in. */
  values: V;
  /** Fields both changed to different values, those still open from before included. */
  clashes: (keyof V)[];
  /** The clashes this change made (not those still open from before). */
  newClashes: (keyof V)[];
  /** Fields only the other change touched: their value is in the form now. */
  taken: (keyof V)[];
};

/**
 * The open form (`values`, started from `base`) and the thing as saved now (`current`), field by
 * field: a field the traveller left takes the new value, one they changed keeps theirs, one both
 * changed to different values is a clash. Clashes still open from before (`open`) stay until
 * answered, whoever changes the thing next. `same` says when two values of a field mean the same
 * (by default: equal). The one rule of every edit form that merges (trip editor, expenses).
 */
export function mergeFields<V extends object>(
  base: V,
  values: V,
  current: V,
  {
    same = (field, a, b) => a[field] === b[field],
    open = [],
  }: {
    same?: (field: keyof V, a: V, b: V) => boolean;
    open?: readonly (keyof V)[];
  } = {},
): FieldMerge<V> {
  const next = { ...values };
  const clashes: (keyof V)[] = [];
  const taken: (keyof V)[] = [];
  for (const field of Object.keys(current) as (keyof V)[]) {
    if (same(field, current, base)) continue;
    if (same(field, values, base)) {
      next[field] = current[field];
      taken.push(field);
    } else if (!same(field, values, current)) clashes.push(field);
  }
  const stillOpen = open.filter((field) => !taken.includes(field) && !same(field, next, current));
  return {
    values: next,
    clashes: [...new Set([...stillOpen, ...clashes])],
    newClashes: clashes,
    taken,
  };
}
