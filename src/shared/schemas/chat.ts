import { z } from "zod";
import { safeText } from "./safe-input.ts";
import { tripProposalSchema } from "./trip-edit.ts";
import { forecastCardSchema } from "./weather.ts";

/** Longest message a visitor may send, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How many earlier messages travel with a request; older ones are dropped by the widget and the server. */
export const CHAT_HISTORY_LIMIT = 20;
/** Longest earlier message (model replies can be long) accepted in the history. */
export const CHAT_HISTORY_ENTRY_MAX_LENGTH = 8000;
export const CHAT_RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

// Ours, not the spec's: the spec shows no server-side limits.
export const CHAT_LIMIT_MESSAGES = {
  empty: "Please type a message first.",
  tooLong: `Please keep your message under ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  rateLimited:
    "You are sending messages faster than we can answer. Please wait a few minutes and try again.",
  tripNeedsProvider:
    "Changes to your trip need an AI provider, and none is configured on this server. You can still edit the trip yourself.",
  /** Under the assistant's answer when its proposed change was still invalid after the repair call. */
  proposalDropped: "I could not turn that into a change to your trip",
  noProvider:
    'General travel answers need an AI provider, and none is configured on this server. I can still tell you the weather: try "What\'s the weather in Paris?"',
} as const;

export const CHAT_ROLES = ["user", "assistant"] as const;

/** SPEC 3: Chat message. */
export const chatMessageSchema = z.object({
  role: z.enum(CHAT_ROLES),
  content: safeText("A message").max(CHAT_HISTORY_ENTRY_MAX_LENGTH),
  timestamp: z.iso.datetime().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/chat body: the new message plus the conversation so far (the server keeps no chat state). */
export const chatRequestSchema = z.object({
  message: safeText("Your message")
    .trim()
    .min(1, CHAT_LIMIT_MESSAGES.empty)
    .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_LIMIT_MESSAGES.tooLong),
  history: z.array(chatMessageSchema).max(200).default([]),
  /**
   * The trip open in the page: the server loads it itself for its owner (the browser never sends
   * the itinerary); anything else (someone else's, missing, malformed) is ignored as if absent.
   */
  tripId: z.string().max(64).optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** SPEC 3: Chat reply, plus the forecast as data for the card (null when none was fetched). */
export const chatReplySchema = z.object({
  response: z.string(),
  suggestions: z.array(z.string()),
  forecast: forecastCardSchema.nullable(),
  /** Changes the assistant proposes to the open trip; applied only through PATCH when accepted. */
  proposal: tripProposalSchema.optional(),
  /**
   * Set when the assistant meant to change the trip but its change could not be made valid: the
   * text stands, nothing is proposed, and this says so.
   */
  proposalError: z.string().optional(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/**
 * Server-sent events of the streamed form: `forecast` first (if any), `delta`s, `proposal` (if the
 * assistant proposes changes to the open trip), then `done`.
 */
export const chatDeltaEventSchema = z.object({ text: z.string() });
