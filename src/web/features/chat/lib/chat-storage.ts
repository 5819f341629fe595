import { z } from "zod";
import { CHAT_ROLES } from "#shared/schemas/chat.ts";
import { tripProposalSchema } from "#shared/schemas/trip-edit.ts";
import { forecastCardSchema } from "#shared/schemas/weather.ts";
import { CHAT_STORAGE_KEY as KEY } from "./chat-storage-key.ts";

/** open: waiting for Accept or Discard; the others are final (a conflict can be retried by asking again). */
export const PROPOSAL_STATES = ["open", "accepted", "discarded"] as const;

export const widgetMessageSchema = z.object({
  id: z.string(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  timestamp: z.iso.datetime(),
  forecast: forecastCardSchema.nullable().default(null),
  proposal: tripProposalSchema.nullable().default(null),
  proposalState: z.enum(PROPOSAL_STATES).default("open"),
  /** Why a change the assistant meant to propose is not there (its text still stands). */
  proposalError: z.string().nullable().default(null),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

const storedChatSchema = z.object({
  open: z.boolean(),
  messages: z.array(widgetMessageSchema),
});
export type StoredChat = z.infer<typeof storedChatSchema>;

/** Enough for a long visit; older messages drop off so session storage stays small. */
const MAX_STORED_MESSAGES = 100;

/** The conversation and open state survive navigation and reload, for this tab only. */
export function loadChat(): StoredChat {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = storedChatSchema.safeParse(raw ? JSON.parse(raw) : null);
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable storage (privacy mode, bad JSON): start afresh.
  }
  return { open: false, messages: [] };
}

export function saveChat(chat: StoredChat) {
  try {
    const messages = chat.messages.slice(-MAX_STORED_MESSAGES);
    sessionStorage.setItem(KEY, JSON.stringify({ open: chat.open, messages }));
  } catch {
    // Storage full or blocked: the chat still works, it just won't survive a reload.
  }
}

let counter = 0;
export const newMessageId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
