import { CHAT_STORAGE_KEY } from "./chat-storage-key.ts";

/**
 * Whether the assistant was left open in this tab, read without the stored chat's schema: the page
 * decides from this alone whether the assistant's code is needed before the first click.
 */
export function wasChatLeftOpen(): boolean {
  try {
    const raw = sessionStorage.getItem(CHAT_STORAGE_KEY);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    return (
      typeof stored === "object" && stored !== null && "open" in stored && stored.open === true
    );
  } catch {
    return false;
  }
}
