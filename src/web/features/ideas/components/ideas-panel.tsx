import { useState, type ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import type { LocationFieldProps } from "#web/lib/trip/trip-slots.ts";
import { useCreateIdea } from "../api/create-idea.ts";
import { LOAD_IDEAS_FAILED, useIdeas } from "../api/get-ideas.ts";
import {
  IDEA_FILTER_LABELS,
  IDEA_FILTERS,
  type IdeaFilter,
  type IdeasTrip,
} from "../ideas-trip.ts";
import { IdeaCard } from "./idea-card.tsx";
import { IdeaForm } from "./idea-form.tsx";
import { PollsSection } from "./polls-section.tsx";
import { useIdeasOutbox } from "./use-ideas-outbox.ts";

/**
 * The Ideas tab: polls above, then the ideas, most voted first (ties by newest), with a filter.
 * Owners and editors add, vote and plan; viewers read (and vote in polls). Phone first: one column.
 */
export function IdeasPanel({
  trip,
  userId,
  renderPlaceField,
}: {
  trip: IdeasTrip;
  userId: string | undefined;
  renderPlaceField?: (props: LocationFieldProps) => ReactNode;
}) {
  const canEdit = trip.role !== "viewer";
  const ideas = useIdeas(trip.id);
  const create = useCreateIdea(trip.id);
  const outbox = useIdeasOutbox(trip.id, create.mutateAsync);
  const [filter, setFilter] = useState<IdeaFilter>("all");
  const shown = (ideas.data ?? []).filter((i) => filter === "all" || i.status === filter);

  return (
    <div className="flex flex-col gap-6">
      <PollsSection trip={trip} userId={userId} ideas={ideas.data ?? []} />
      <section
        aria-labelledby="ideas-heading"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="ideas-heading" className="text-xl font-semibold">
          Ideas
        </h2>
        {canEdit ? (
          <IdeaForm onSubmit={(input) => outbox.add(input)} renderPlaceField={renderPlaceField} />
        ) : (
          <p className="text-sm text-slate-600">You can read the ideas; editors add and vote.</p>
        )}
        {outbox.waiting.length > 0 ? (
          <p role="status" className="text-sm text-slate-700">
            Offline: {outbox.waiting.map((w) => w.input.title ?? w.input.url ?? "").join(", ")} will
            be added when you are back online.
          </p>
        ) : null}
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {IDEA_FILTERS.map((f) => (
            <label
              key={f}
              className={`has-[:focus-visible]:outline-brand-700 cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:outline-2 ${
                filter === f
                  ? "border-brand-700 bg-brand-50 text-brand-800"
                  : "border-slate-300 text-slate-700"
              }`}
            >
              <input
                type="radio"
                name="idea-filter"
                value={f}
                checked={filter === f}
                onChange={() => setFilter(f)}
                className="sr-only"
              />
              {IDEA_FILTER_LABELS[f]}
            </label>
          ))}
        </fieldset>
        {ideas.isError ? (
          <div role="alert" className="flex items-center gap-3 text-sm text-red-800">
            <span>{getErrorMessage(ideas.error, LOAD_IDEAS_FAILED)}</span>
            <Button variant="secondary" size="sm" onClick={() => void ideas.refetch()}>
              Try again
            </Button>
          </div>
        ) : ideas.isPending ? (
          <p role="status" className="text-slate-600">
            Loading ideas...
          </p>
        ) : shown.length === 0 ? (
          <p className="text-slate-600">
            {filter === "all" ? "No ideas yet. Add the first one." : "No ideas here."}
          </p>
        ) : (
          <ul aria-label="Ideas" className="flex flex-col gap-3">
            {shown.map((idea) => (
              <li key={idea.id}>
                <IdeaCard idea={idea} trip={trip} userId={userId} canEdit={canEdit} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
