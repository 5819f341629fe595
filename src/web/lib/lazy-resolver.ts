import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { firstMessage } from "./form-errors.ts";
import { loadOnce } from "./load-once.ts";

export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<
  TInput,
  unknown,
  TOutput
> & {
  /** Starts fetching the schema ahead of the first validation (call it when a field gets focus). */
  preload: () => void;
};

/**
 * A form resolver whose schema arrives with the first validation instead of with the form. The
 * shared schemas are built with zod's classic API: fetching and evaluating it costs a phone's main
 * thread a few hundred milliseconds just as the page first shows, for a check that only matters once
 * someone types. react-hook-form awaits every resolver, so the first check simply waits for it once.
 * A failed fetch is forgotten, so the next check tries again.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  const get = loadOnce(load);
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}

/** lazyResolver for one of the shared zod schemas: `lazyZodResolver(async () => (await import(…)).schema)`. */
export function lazyZodResolver<S extends z.ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<S>,
): LazyResolver<z.input<S>, z.output<S>> {
  return lazyResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import("@hookform/resolvers/zod"),
      loadSchema(),
    ]);
    return zodResolver(schema);
  });
}

/**
 * A resolver for a form whose values are what was typed (text), checked by one of the shared zod
 * schemas on what the form sends (`toInput`: numbers read, fields added). Each field shows its
 * first message (`messages` may word a field's own); when the schema cannot be fetched, the field
 * `unavailable` names says so, and the next check tries again.
 */
export function mappedZodResolver<V extends FieldValues, S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  toInput: (values: V) => unknown,
  {
    unavailable,
    messages = {},
  }: {
    unavailable: { field: string; message: string };
    messages?: Partial<Record<string, string>>;
  },
): Resolver<V, unknown, z.output<S>> {
  return async (values, _context, options) => {
    let check: Resolver<FieldValues, unknown, z.output<S>>;
    try {
      const [{ zodResolver }, schema] = await Promise.all([
        import("@hookform/resolvers/zod"),
        loadSchema(),
      ]);
      check = zodResolver(schema as never) as never;
    } catch {
      const errors = { [unavailable.field]: { type: "unavailable", message: unavailable.message } };
      return { values: {}, errors } as never;
    }
    const result = await check(toInput(values) as FieldValues, undefined, options as never);
    const fields = Object.entries(result.errors);
    if (fields.length === 0) return result as never;
    const errors = Object.fromEntries(
      fields.map(([name, error]) => [
        name,
        { type: "invalid", message: messages[name] ?? firstMessage(error) },
      ]),
    );
    return { values: {}, errors } as never;
  };
}
