export type ModelErrorCode =
  | "ai_no_content"
  | "ai_refused"
  | "ai_truncated"
  | "ai_invalid_answer"
  | "ai_timeout"
  | "ai_unavailable"
  | "aborted";

/**
 * A model call (or a generation built from several) that failed for a reason the user should hear
 * about: its message is user-facing, its code says which failure it was.
 */
export class GenerationError extends Error {
  override name = "GenerationError";
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}
