import type { PackingList } from "#shared/schemas/packing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useAcceptSuggestions } from "../api/accept-suggestions.ts";
import { LOAD_SUGGESTIONS_FAILED, useSuggestions } from "../api/get-suggestions.ts";

/**
 * What the trip says to pack (its forecast, activities, journeys, countries' plugs), each with its
 * reason; added to the chosen list only when someone presses Add.
 */
export function SuggestionsPanel({
  tripId,
  open,
  canEdit,
  target,
}: {
  tripId: string;
  /** Asked for only once the panel is opened. */
  open: boolean;
  canEdit: boolean;
  target: PackingList | undefined;
}) {
  const suggestions = useSuggestions(tripId, open);
  const accept = useAcceptSuggestions(tripId);
  if (!open) return null;
  if (suggestions.isPending)
    return (
      <p role="status" className="text-slate-600">
        Loading suggestions...
      </p>
    );
  if (suggestions.isError)
    return (
      <p role="alert" className="text-red-700">
        {getErrorMessage(suggestions.error, LOAD_SUGGESTIONS_FAILED)}
      </p>
    );
  if (suggestions.data.length === 0)
    return <p className="text-slate-600">No suggestions: your lists already hold them.</p>;
  const add = (names: string[]) => {
    if (target) accept.mutate({ names, listId: target.id });
  };
  return (
    <div className="flex flex-col gap-2">
      {canEdit ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          disabled={accept.isPending}
          onClick={() => add(suggestions.data.map((s) => s.name))}
        >
          Add all
        </Button>
      ) : null}
      {accept.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(accept.error, "Failed to add the suggestions")}
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-slate-200">
        {suggestions.data.map((s) => (
          <li key={s.name} className="flex items-start justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium">
                {s.name} <span className="text-sm font-normal text-slate-600">· {s.category}</span>
              </p>
              <p className="text-sm text-slate-700">{s.reason}</p>
            </div>
            {canEdit ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Add ${s.name}`}
                disabled={accept.isPending}
                onClick={() => add([s.name])}
              >
                Add
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
