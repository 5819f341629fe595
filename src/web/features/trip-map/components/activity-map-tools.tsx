import type { Activity } from "#shared/schemas/itinerary.ts";
import { Button } from "#web/components/ui/button.tsx";
import { selectActivity, useActivitySelection } from "#web/lib/trip/activity-selection.ts";
import { setPicking, usePicking } from "../picking.ts";

/**
 * An activity's one way onto the map, shown under it in the list (issue 44): "Show on the map" for a
 * located stop; for one without a pin, "Place … on the map" on the owner's page to set it by hand.
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
  // One action each: a located stop is shown on the map (its pin is moved there); one without a
  // pin is placed, on the pages that may.
  if (located)
    return (
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="subtle"
          aria-pressed={selected}
          onClick={() => selectActivity(activity.id, "list")}
        >
          Show <span className="sr-only">“{activity.activity}” </span>on the map
        </Button>
      </div>
    );
  return (
    <div className="mt-2 flex flex-wrap gap-2">
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
      ) : (
        <p className="self-center text-sm text-slate-600">Not on the map yet.</p>
      )}
    </div>
  );
}
