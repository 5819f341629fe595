import type { FieldErrors } from "react-hook-form";

/** A field's first message, its parts' included (react-hook-form nests a list's or an object's). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string") return message;
  for (const [key, value] of Object.entries(error))
    if (key !== "ref") {
      const found = firstMessage(value);
      if (found) return found;
    }
  return undefined;
}

/**
 * react-hook-form's nested errors by dotted name ("stops", "stops.1.nights"): how the list of
 * cities (components/stops-field.tsx) reads its messages.
 */
export function flatErrors(errors: FieldErrors, prefix = ""): Record<string, { message?: string }> {
  const flat: Record<string, { message?: string }> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || typeof value !== "object" || value === null) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message: unknown = (value as { message?: unknown }).message;
    if (typeof message === "string") flat[path] = { message };
    Object.assign(flat, flatErrors(value as FieldErrors, path));
  }
  return flat;
}
