/**
 * Where the conversation and its open state are kept (session storage, this tab only). Named with
 * every other per-user store, which are forgotten together at sign-out or a change of user.
 */
export { CHAT_STORAGE_KEY } from "#web/lib/user-data.ts";
