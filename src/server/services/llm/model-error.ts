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

/**
 * Why an answer still failed validation after the repair call, with the answers as the model gave
 * them (the first, then the repaired one), for a caller that can use part of one. The answers are in
 * a private field: a logged error never carries what the model wrote about a traveller's trip.
 */
export class InvalidAnswerError extends Error {
  override name = "InvalidAnswerError";
  readonly #answers: readonly string[];
  constructor(problem: string, answers: readonly string[]) {
    super(problem);
    this.#answers = answers;
  }
  /** The model's answers, last first. */
  answers(): readonly string[] {
    return [...this.#answers].reverse();
  }
}
