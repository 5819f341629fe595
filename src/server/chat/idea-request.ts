import { IDEA_TITLE_MAX_LENGTH } from "#shared/idea-limits.ts";

// "Add the Musée Rodin to our ideas", "put Sintra on the ideas list", "save LX Factory to the trip's
// ideas": a verb, what to add, and the ideas as the place it goes.
const REQUEST =
  /^\s*(?:please\s+)?(?:can you\s+|could you\s+)?(?:add|put|save)\s+(.+?)\s+(?:to|on|onto|in|into)\s+(?:our|the|my|this)?\s*(?:trip'?s\s+)?ideas?(?:\s+list)?\s*(?:please)?\s*[.!?]*\s*$/iu;

/**
 * The title of the idea a chat message asks to add to the open trip's ideas (issue 49), or null
 * when it asks for something else. The words around the name (an article, quotes) are left out.
 */
export function ideaRequestOf(message: string): string | null {
  const asked = REQUEST.exec(message)?.[1];
  if (!asked) return null;
  const title = asked
    .trim()
    .replace(/^(?:the|a|an)\s+(?=\S)/iu, "")
    .replace(/^["'“‘«]\s*|\s*["'”’»]$/gu, "")
    .trim();
  if (!title || title.length > IDEA_TITLE_MAX_LENGTH) return null;
  return title;
}
