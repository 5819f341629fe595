import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { firstMessage } from "./form-errors.ts";
import { loadOnce } from "./load-once.ts";

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
  const load = loadOnce(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import("@hookform/resolvers/zod"),
      loadSchema(),
    ]);
    return zodResolver(schema as never) as never;
  });
  // Fetched as soon as the form's module is (the trip editor, opened online): a form filled in
  // after the connection is lost still checks and saves, and the change waits (offline edits).
  void load().catch(() => undefined);
  return async (values, _context, options) => {
    let check: Resolver<FieldValues, unknown, z.output<S>>;
    try {
      check = await load();
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
