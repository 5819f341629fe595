import { Button } from "./ui/button.tsx";
import type { FieldNews } from "#web/lib/field-merge.ts";

/** "the cost", "the cost and the description", "the time, the cost and the description". */
export const listNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;

/**
 * What an open edit form says when the thing it edits changed under it: Keep mine / Take theirs for
 * the fields both changed (only those), a quiet line for the fields taken from the other change, and
 * after a 409 with no such field that the traveller's changes wait here to be saved again.
 */
export function MergeNotes<V extends object>({
  news,
  names,
  thing,
  savedIn = "trip",
  unsaved,
  onKeepMine,
  onTakeTheirs,
}: {
  news: FieldNews<V> | null;
  /** How each field is called ("the cost"). */
  names: Record<keyof V, string>;
  /** "activity", "journey", "stay", "expense". */
  thing: string;
  /** What a 409 says was changed somewhere else: "trip" (the trip editor), "expense". */
  savedIn?: string;
  unsaved: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const named = (keys: readonly (keyof V)[]) => listNames(keys.map((key) => names[key]));
  return (
    <>
      {news && news.clashes.length > 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-sm sm:col-span-2"
        >
          <p>
            {news.by
              ? `${news.by} changed this ${thing} while you were editing`
              : `This ${thing} was changed while you were editing`}
            . You both changed {named(news.clashes)}; your other changes are kept.
          </p>
          <Button variant="secondary" size="sm" onClick={onKeepMine}>
            Keep mine
          </Button>
          <Button variant="secondary" size="sm" onClick={onTakeTheirs}>
            Take theirs
          </Button>
        </div>
      ) : unsaved ? (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm sm:col-span-2">
          Not saved yet: this {savedIn} was changed somewhere else. Your changes are still here, on
          the latest version; save them again.
        </p>
      ) : null}
      {news && news.taken.length > 0 ? (
        <p role="status" className="text-sm text-slate-700 sm:col-span-2">
          {news.by ?? "Someone"} changed {named(news.taken)} while you were editing: shown here,
          with your changes.
        </p>
      ) : null}
    </>
  );
}
