import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiRequestError, getErrorMessage } from "./api-client.ts";

/**
 * A save the API refused, on the form that sent it: each issue under the field it names (one of
 * `fields`), or, when none names a field, the API's message (else `fallback`) for the whole form.
 */
export function showApiErrors<F extends FieldValues>(
  setError: UseFormSetError<F>,
  error: unknown,
  fields: readonly FieldPath<F>[],
  fallback: string,
): void {
  const issues = error instanceof ApiRequestError ? error.issues : [];
  let shown = false;
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path.split(".")[0]);
    if (field) {
      setError(field, { message: issue.message });
      shown = true;
    }
  }
  if (!shown) setError("root", { message: getErrorMessage(error, fallback) });
}
