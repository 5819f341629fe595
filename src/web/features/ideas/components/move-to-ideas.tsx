import { useState } from "react";
import type { IdeaInput } from "#shared/schemas/ideas.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { CREATE_IDEA_FAILED, useCreateIdea } from "../api/create-idea.ts";
import { useIdeas } from "../api/get-ideas.ts";

/** The activity as an idea: its name, its why, and its real place when it has one. */
export function ideaFromActivity(activity: Activity): IdeaInput {
  const located = activity.lat !== null && activity.lng !== null;
  return {
    title: activity.activity.slice(0, 200),
    note: activity.description,
    ...(activity.website ? { url: activity.website } : {}),
    place: located
      ? {
          name: activity.location.slice(0, 200),
          lat: activity.lat!,
          lng: activity.lng!,
          osmId: activity.osmId,
          openingHours: activity.openingHours,
        }
      : null,
  };
}

/**
 * "Move to ideas": the activity leaves its day (the editor's own save, undoable like any removal)
 * and goes to the group's ideas, to be voted on and planned again later. The idea is added first:
 * when that fails, the day keeps the activity. An activity planned from an idea only leaves the
 * day: its idea returns to the list by itself (the server reads that from the plan).
 */
export function MoveToIdeas({
  tripId,
  activity,
  onMoved,
}: {
  tripId: string;
  activity: Activity;
  onMoved: () => void;
}) {
  const create = useCreateIdea(tripId);
  const ideas = useIdeas(tripId);
  const fromIdea = ideas.data?.some((i) => i.plannedActivityId === activity.id) ?? false;
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="subtle"
        size="sm"
        disabled={create.isPending}
        aria-label={`Move ${activity.activity} to ideas`}
        onClick={() => {
          setFailure(null);
          if (fromIdea) {
            onMoved();
            return;
          }
          create
            .mutateAsync(ideaFromActivity(activity))
            .then(onMoved)
            .catch((error: unknown) => setFailure(getErrorMessage(error, CREATE_IDEA_FAILED)));
        }}
      >
        Move to ideas
      </Button>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
