import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
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
