/** Where the conversation and its open state are kept (session storage, this tab only). */
export const CHAT_STORAGE_KEY = "boundless.chat.v1";
