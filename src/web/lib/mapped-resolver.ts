import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { firstMessage } from "./form-errors.ts";

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
