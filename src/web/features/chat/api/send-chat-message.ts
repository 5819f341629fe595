import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import {
  chatDeltaEventSchema,
  chatReplySchema,
  type ChatReply,
  type ChatRequest,
} from "#shared/schemas/chat.ts";
import { tripProposalSchema, type TripProposal } from "#shared/schemas/trip-edit.ts";
import { forecastCardSchema, type ForecastCard } from "#shared/schemas/weather.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";
import { createSseParser } from "#web/lib/sse.ts";

export type ChatStreamHandlers = {
  onForecast: (forecast: ForecastCard) => void;
  onDelta: (text: string) => void;
  onProposal?: (proposal: TripProposal) => void;
};

/** POST /api/chat as a stream: forecast first, then text pieces; resolves with the final reply. */
export async function sendChatMessage(
  request: ChatRequest,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatReply> {
  let response: Response;
  try {
    response = await fetch("/api/chat", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request),
      signal,
    });
  } catch {
    throw new ApiRequestError(MESSAGES.widgetSendFailed, 0, "network");
  }
  if (!response.ok || !response.body) throw await toApiError(response, MESSAGES.widgetSendFailed);

  const parse = createSseParser();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const events = parse(
      done ? decoder.decode() + "\n\n" : decoder.decode(value, { stream: true }),
    );
    for (const { event, data } of events) {
      const json: unknown = JSON.parse(data);
      if (event === "forecast") handlers.onForecast(forecastCardSchema.parse(json));
      else if (event === "delta") handlers.onDelta(chatDeltaEventSchema.parse(json).text);
      else if (event === "proposal") handlers.onProposal?.(tripProposalSchema.parse(json));
      else if (event === "done") return chatReplySchema.parse(json);
    }
    if (done) throw new ApiRequestError(MESSAGES.widgetSendFailed, 0, "stream_ended");
  }
}

type SendVariables = { request: ChatRequest; handlers: ChatStreamHandlers };

export const useSendChatMessage = () =>
  useMutation({
    mutationFn: ({ request, handlers }: SendVariables) => sendChatMessage(request, handlers),
  });
