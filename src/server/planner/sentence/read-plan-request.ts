import { unreadableMessage, type PlanRequestRead } from "#shared/schemas/plan-request-read.ts";
import { tripRequestObjectSchema } from "#shared/schemas/trip-request.ts";
import { AppError } from "../../lib/http-errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { planRequestFromSentence } from "./plan-request-from-sentence.ts";
import { readTripSentence, type ReadSentence } from "./read-trip-sentence.ts";
import type { SentenceModel } from "./sentence-model.ts";

export const UNREADABLE_SENTENCE_CODE = "unreadable_sentence";

/**
 * "Describe your trip": the plan request a sentence gives, checked by the plan form's own schema.
 * With a model configured the model reads it; if the model fails, the keyless rules do, so a
 * traveller is never left without an answer because a provider is down.
 */
export async function readPlanRequest(
  deps: { sentenceModel: SentenceModel | null; logger: Logger },
  text: string,
  options: { today: string; signal: AbortSignal; endUser?: string },
): Promise<PlanRequestRead> {
  let read: ReadSentence | null = null;
  if (deps.sentenceModel) {
    read = await deps.sentenceModel.read(text, options).catch((error: unknown) => {
      deps.logger.warn(
        { err: error },
        "the model could not read a trip description; rules read it",
      );
      return null;
    });
  }
  read ??= readTripSentence(text, { today: options.today });
  const { request, understood, unsure, missing } = planRequestFromSentence(read);
  if (missing.length > 0)
    throw new AppError(422, UNREADABLE_SENTENCE_CODE, unreadableMessage(missing));
  const checked = tripRequestObjectSchema.safeParse(request);
  if (!checked.success) {
    throw new AppError(
      422,
      UNREADABLE_SENTENCE_CODE,
      checked.error.issues[0]?.message ?? unreadableMessage(["the trip"]),
    );
  }
  return { request: checked.data, understood, unsure };
}
