import { useState } from "react";
import { formatDayLabel } from "#shared/format.ts";
import type { Idea, IdeaVote } from "#shared/schemas/ideas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useDeleteIdea } from "../api/delete-idea.ts";
import { useDismissIdea } from "../api/dismiss-idea.ts";
import { useRestoreIdea } from "../api/restore-idea.ts";
import { useVoteIdea } from "../api/vote-idea.ts";
import type { IdeasTrip } from "../ideas-trip.ts";
import { EditIdea } from "./edit-idea.tsx";
import { PlanIdea } from "./plan-idea.tsx";

const STATUS_LABELS = { idea: "Not planned", planned: "Planned", dismissed: "Dismissed" } as const;

const namesOf = (idea: Idea, vote: IdeaVote) =>
  idea.voters.filter((v) => v.vote === vote).map((v) => v.name);

/** One idea: what and where, who added it, the votes (and who cast them), and what to do with it. */
export function IdeaCard({
  idea,
  trip,
  userId,
  canEdit,
}: {
  idea: Idea;
  trip: IdeasTrip;
  userId: string | undefined;
  canEdit: boolean;
}) {
  const vote = useVoteIdea(trip.id);
  const dismiss = useDismissIdea(trip.id);
  const restore = useRestoreIdea(trip.id);
  const remove = useDeleteIdea(trip.id);
  const [failure, setFailure] = useState<string | null>(null);
  const mine = userId ? idea.votes[userId] : undefined;
  const ups = namesOf(idea, "up");
  const downs = namesOf(idea, "down");
  const busy = vote.isPending || dismiss.isPending || restore.isPending || remove.isPending;

  const run = (action: () => Promise<unknown>, fallback: string) => {
    setFailure(null);
    action().catch((error: unknown) => setFailure(getErrorMessage(error, fallback)));
  };
  const cast = (choice: IdeaVote) =>
    run(
      () => vote.mutateAsync({ ideaId: idea.id, vote: mine === choice ? null : choice }),
      "Failed to vote",
    );

  return (
    <article
      aria-labelledby={`idea-${idea.id}`}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`idea-${idea.id}`} className="font-semibold break-words">
          {idea.title}
        </h3>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {STATUS_LABELS[idea.status]}
          {idea.status === "planned" && idea.plannedDate
            ? ` · ${formatDayLabel(idea.plannedDate)}`
            : ""}
        </span>
      </div>
      {idea.note ? <p className="text-sm break-words text-slate-700">{idea.note}</p> : null}
      {idea.place ? <p className="text-sm text-slate-600">📍 {idea.place.name}</p> : null}
      {idea.url ? (
        <a
          href={idea.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-brand-800 w-fit text-sm break-all hover:underline"
        >
          {idea.url.length > 60 ? `${idea.url.slice(0, 60)}…` : idea.url}
        </a>
      ) : null}
      <p className="text-xs text-slate-600">Added by {idea.addedByName ?? "a former member"}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={mine === "up" ? "primary" : "secondary"}
          size="sm"
          aria-pressed={mine === "up"}
          aria-label={`Vote for ${idea.title}: ${ups.length} up`}
          disabled={!canEdit || busy}
          onClick={() => cast("up")}
        >
          <span aria-hidden="true">👍 {ups.length}</span>
        </Button>
        <Button
          variant={mine === "down" ? "primary" : "secondary"}
          size="sm"
          aria-pressed={mine === "down"}
          aria-label={`Vote against ${idea.title}: ${downs.length} down`}
          disabled={!canEdit || busy}
          onClick={() => cast("down")}
        >
          <span aria-hidden="true">👎 {downs.length}</span>
        </Button>
        {ups.length + downs.length > 0 ? (
          <p className="text-xs text-slate-600">
            {ups.length > 0 ? `Up: ${ups.join(", ")}` : ""}
            {ups.length > 0 && downs.length > 0 ? " · " : ""}
            {downs.length > 0 ? `Down: ${downs.join(", ")}` : ""}
          </p>
        ) : null}
      </div>
      {canEdit ? (
        <div className="flex flex-wrap items-start gap-2">
          {idea.status !== "dismissed" ? <PlanIdea idea={idea} trip={trip} /> : null}
          <EditIdea idea={idea} tripId={trip.id} />
          {idea.status === "dismissed" ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => run(() => restore.mutateAsync(idea.id), "Failed to restore the idea")}
            >
              Restore
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => run(() => dismiss.mutateAsync(idea.id), "Failed to dismiss the idea")}
            >
              Dismiss
            </Button>
          )}
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            aria-label={`Remove ${idea.title}`}
            onClick={() => run(() => remove.mutateAsync(idea.id), "Failed to remove the idea")}
          >
            Remove
          </Button>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </article>
  );
}
