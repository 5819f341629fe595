/** What the place search is doing, for the line under the location field (a polite live region). */
export type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "failed"; status: number; message: string }
  | { kind: "found"; count: number; term: string };

/**
 * The words for a search state. Whatever happens, free text stays allowed, and the words say so
 * when the list cannot help.
 */
export function searchStatusText(state: SearchState): string {
  switch (state.kind) {
    case "idle":
      return "";
    case "searching":
      return "Searching OpenStreetMap…";
    case "failed":
      return state.status === 503
        ? "Places are unavailable right now. You can still type any location."
        : `${state.message} You can still type any location.`.replace(/\.\s*\./, ".");
    case "found":
      return state.count === 0
        ? `No places found for “${state.term.trim()}”. You can still type any location.`
        : `${state.count} ${state.count === 1 ? "place" : "places"} found. Use the up and down arrows to choose, Enter to pick.`;
  }
}

/** The option after (+1) or before (-1) the active one, wrapping round; -1 when there are none. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
