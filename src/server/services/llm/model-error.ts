import { MESSAGES } from "#shared/messages.ts";

export type ModelErrorCode =
  | "ai_no_content"
  | "ai_refused"
  | "ai_truncated"
  | "ai_invalid_answer"
  | "ai_timeout"
  | "ai_unavailable"
  | "aborted";

/**
 * A model call that failed for a reason the user should hear about: its message is user-facing, its
 * code says which failure it was.
 */
export class ModelError extends Error {
  override name = "ModelError";
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

export const failed = (code: ModelErrorCode, cause?: unknown) =>
  new ModelError(code, MESSAGES.generateTripFailed, { cause });
