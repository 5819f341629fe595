import type { Activity } from "#shared/schemas/itinerary.ts";
import { Button } from "#web/components/ui/button.tsx";
import { selectActivity, useActivitySelection } from "#web/lib/activity-selection.ts";
import { setPicking, usePicking } from "../picking.ts";

/**
 * An activity's way onto the map, shown under it in the list: "Show on map" for a located stop, and
 * on the owner's page "Place … on the map" to set its pin by hand, or move it.
 */
export function ActivityMapTools({
  activity,
  canPlace,
}: {
  activity: Activity;
  canPlace: boolean;
}) {
  const selection = useActivitySelection();
  const picking = usePicking();
  const located = activity.lat !== null && activity.lng !== null;
  const selected = selection?.id === activity.id;
  const pickingThis = picking?.activityId === activity.id;
  if (!located && !canPlace) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {located ? (
        <Button
          size="sm"
          variant="subtle"
          aria-pressed={selected}
          onClick={() => selectActivity(activity.id, "list")}
        >
          Show <span className="sr-only">“{activity.activity}” </span>on the map
        </Button>
      ) : (
        <p className="self-center text-sm text-slate-600">Not on the map yet.</p>
      )}
      {canPlace ? (
        <Button
          size="sm"
          variant="subtle"
          aria-pressed={pickingThis}
          onClick={() =>
            setPicking(pickingThis ? null : { activityId: activity.id, name: activity.activity })
          }
        >
          Place <span className="sr-only">“{activity.activity}” </span>on the map
        </Button>
      ) : null}
    </div>
  );
}
