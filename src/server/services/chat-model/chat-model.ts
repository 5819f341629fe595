export type ChatModelMessage = { role: "system" | "user" | "assistant"; content: string };

/** A language model that answers a conversation as a stream of text pieces. */
export type ChatModel = {
  stream(
    messages: ChatModelMessage[],
    options: { signal?: AbortSignal; endUser?: string },
  ): AsyncIterable<string>;
};
