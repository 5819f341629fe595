/**
 * The complete objects of the `"days": [...]` array in a JSON text that is still arriving, so each
 * day's outline can be used before the rest of the outline is written.
 */
export function completeDayObjects(text: string): string[] {
  const key = text.indexOf('"days"');
  if (key === -1) return [];
  const open = text.indexOf("[", key);
  if (open === -1) return [];
  const items: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === "}" || ch === "]") {
      if (depth === 0) break; // the end of the days array
      depth--;
      if (depth === 0 && start !== -1) items.push(text.slice(start, i + 1));
    }
  }
  return items;
}
