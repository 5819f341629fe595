import { MESSAGES } from "#shared/messages.ts";
import type {
  GenerationDay,
  GenerationOutline,
  GenerationPlaces,
  GenerationStart,
} from "#shared/schemas/generation-events.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";
import { readSse } from "#web/lib/sse.ts";
import { OVER_BUDGET_CODE, overBudgetBreakdownSchema } from "#shared/schemas/trip-party.ts";

export type GenerationProgressEvent =
  | ({ type: "start" } & GenerationStart)
  | ({ type: "outline" } & GenerationOutline)
  | ({ type: "day" } & GenerationDay)
  | ({ type: "places" } & GenerationPlaces);

export type GenerateOptions = {
  signal?: AbortSignal;
  onEvent: (event: GenerationProgressEvent) => void;
};

const failure = (status = 0, code = "error") =>
  new ApiRequestError(MESSAGES.generateTripFailed, status, code);

/** `POST /api/trips` as a stream: reports each event, resolves with the saved trip. */
export async function generateTrip(request: TripRequest, options: GenerateOptions): Promise<Trip> {
  // The events' schemas (classic zod) are fetched with the request, not with the Home page. Should
  // the request fail first, a failed fetch of them is not left unhandled; awaited below, it throws.
  const schemas = import("#shared/schemas/generation-events.ts");
  schemas.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch("/api/trips", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw failure(0, "network");
  }
  if (!response.ok) throw await toApiError(response, MESSAGES.generateTripFailed);
  if (!response.body) throw failure(response.status);
  const {
    generationDaySchema,
    generationDoneSchema,
    generationErrorSchema,
    generationOutlineSchema,
    generationPlacesSchema,
    generationStartSchema,
  } = await schemas;

  for await (const message of readSse(response.body)) {
    const data: unknown = JSON.parse(message.data);
    if (message.event === "start")
      options.onEvent({ type: "start", ...generationStartSchema.parse(data) });
    else if (message.event === "outline")
      options.onEvent({ type: "outline", ...generationOutlineSchema.parse(data) });
    else if (message.event === "day")
      options.onEvent({ type: "day", ...generationDaySchema.parse(data) });
    else if (message.event === "places")
      options.onEvent({ type: "places", ...generationPlacesSchema.parse(data) });
    else if (message.event === "done") return generationDoneSchema.parse(data).trip;
    else if (message.event === "error") {
      const parsed = generationErrorSchema.safeParse(data);
      if (!parsed.success) throw failure(502);
      // An over-budget answer sent once the stream began carries its breakdown as the 422 does.
      const breakdown = overBudgetBreakdownSchema.safeParse(
        (data as { breakdown?: unknown }).breakdown,
      );
      throw new ApiRequestError(
        parsed.data.message,
        parsed.data.code === OVER_BUDGET_CODE ? 422 : 502,
        parsed.data.code,
        [],
        undefined,
        breakdown.success ? breakdown.data : undefined,
      );
    }
  }
  // The stream ended without `done`: the server or the connection gave up.
  throw failure(502);
}
