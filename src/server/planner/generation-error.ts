import { ModelError } from "../services/llm/model-error.ts";

/**
 * A plan that failed for a reason the user should hear about. The planners throw it for their own
 * failures; the model client's ModelError reads the same (same codes, user-facing message), so
 * callers check `instanceof ModelError` for both.
 */
export class GenerationError extends ModelError {
  override name = "GenerationError";
}
