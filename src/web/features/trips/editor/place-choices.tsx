import type { Day } from "#shared/schemas/itinerary.ts";
import { Button } from "#web/components/ui/button.tsx";
import { updateActivity } from "./editable-trip.ts";
import type { TripEditor } from "./use-trip-editor.ts";

/**
 * "Did you mean …": a new location several OpenStreetMap places could be ("Musée") was saved as
 * typed; picking one of the offered places makes it the activity's place (hours, pin and link), as
 * picking from the location field's list does. "Keep as typed" leaves it unmatched.
 */
export function PlaceChoices({ editor, days }: { editor: TripEditor; days: readonly Day[] }) {
  const activities = new Map(days.flatMap((d) => d.activities.map((a) => [a.id, a])));
  const open = editor.placeChoices.filter((c) => activities.has(c.activityId));
  if (open.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {open.map((choice) => {
        const activity = activities.get(choice.activityId);
        const heading = `Did you mean one of these for “${choice.location}”?`;
        return (
          <section
            key={choice.activityId}
            aria-label={heading}
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
          >
            <h3 className="font-medium text-slate-900">{heading}</h3>
            <p className="text-slate-700">
              {activity?.activity}: several places on OpenStreetMap match, so none was chosen.
            </p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {choice.places.map((p) => (
                <li key={p.osmId}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      editor.dismissPlaceChoice(choice.activityId);
                      void editor.save({
                        ...updateActivity(choice.activityId, {
                          location: p.name,
                          osmId: p.osmId,
                          lat: p.lat,
                          lng: p.lng,
                          openingHours: p.openingHours,
                          website: p.website,
                        }),
                        label: "Choose a place",
                      });
                    }}
                  >
                    {p.name}
                    <span className="text-slate-600">
                      {" "}
                      · {p.kind}
                      {p.address ? `, ${p.address}` : ""}
                    </span>
                  </Button>
                </li>
              ))}
              <li>
                <Button
                  variant="subtle"
                  size="sm"
                  onClick={() => editor.dismissPlaceChoice(choice.activityId)}
                >
                  Keep as typed
                </Button>
              </li>
            </ul>
          </section>
        );
      })}
    </div>
  );
}
