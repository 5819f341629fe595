import { useState } from "react";
import type { Idea } from "#shared/schemas/ideas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useCreatePoll } from "../api/create-poll.ts";
import { usePolls } from "../api/get-polls.ts";
import type { IdeasTrip } from "../ideas-trip.ts";
import { PollCard } from "./poll-card.tsx";
import { PollForm } from "./poll-form.tsx";

/** The group's open questions (and closed ones with their result), above the ideas. */
export function PollsSection({
  trip,
  userId,
  ideas,
}: {
  trip: IdeasTrip;
  userId: string | undefined;
  ideas: readonly Idea[];
}) {
  const polls = usePolls(trip.id);
  const create = useCreatePoll(trip.id);
  const [asking, setAsking] = useState(false);
  const canAsk = trip.role !== "viewer";

  return (
    <section
      aria-labelledby="polls-heading"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="polls-heading" className="text-xl font-semibold">
          Polls
        </h2>
        {canAsk && !asking ? (
          <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
            Ask the group
          </Button>
        ) : null}
      </div>
      {asking ? (
        <PollForm
          ideas={ideas}
          onCancel={() => setAsking(false)}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            setAsking(false);
          }}
        />
      ) : null}
      {polls.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(polls.error, "Failed to load the polls")}
        </p>
      ) : polls.isPending ? (
        <p role="status" className="text-slate-600">
          Loading polls...
        </p>
      ) : polls.data.length === 0 ? (
        <p className="text-slate-600">No polls yet.</p>
      ) : (
        <ul aria-label="Polls" className="flex flex-col gap-3">
          {polls.data.map((poll) => (
            <li key={poll.id}>
              <PollCard poll={poll} trip={trip} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
