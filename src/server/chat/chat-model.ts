import type { z } from "zod";

export type ChatModelMessage = { role: "system" | "user" | "assistant"; content: string };

type CallOptions = { signal?: AbortSignal; endUser?: string };

/** A language model that answers a conversation as a stream of text pieces, or as checked JSON. */
export type ChatModel = {
  stream(messages: ChatModelMessage[], options: CallOptions): AsyncIterable<string>;
  /** One answer validated by `schema` (one repair call); used when a trip is open (proposals). */
  json<T>(messages: ChatModelMessage[], schema: z.ZodType<T>, options: CallOptions): Promise<T>;
};
