import { useForm, useWatch } from "react-hook-form";
import type { Poll, PollVoteInput } from "#shared/schemas/polls.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useClosePoll } from "../api/close-poll.ts";
import { useVotePoll } from "../api/vote-poll.ts";
import type { IdeasTrip } from "../ideas-trip.ts";

// The route's own schema (POST …/polls/:pollId/vote), fetched with the first check.
const voteResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/polls.ts")).pollVoteInputSchema,
);

/** The closing time in the reader's own clock ("Sat, May 1, 18:00"). */
const closesLabel = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * One poll: its options with their votes and who chose them; everyone on the trip votes (viewers
 * too). The creator or the owner closes it; a closed poll keeps its result and takes no votes.
 */
export function PollCard({
  poll,
  trip,
  userId,
}: {
  poll: Poll;
  trip: IdeasTrip;
  userId: string | undefined;
}) {
  const vote = useVotePoll(trip.id);
  const close = useClosePoll(trip.id);
  const form = useForm<PollVoteInput, unknown, PollVoteInput>({
    resolver: voteResolver,
    defaultValues: { optionIds: poll.myVote },
  });
  const chosen = useWatch({ control: form.control, name: "optionIds" });
  const failure = form.formState.errors.root?.message ?? form.formState.errors.optionIds?.message;
  const setFailure = (message: string) => form.setError("root", { message });
  const canClose = !poll.closed && (trip.role === "owner" || poll.createdBy === userId);
  const most = Math.max(0, ...poll.options.map((o) => o.votes));

  const toggle = (id: string, on: boolean) =>
    form.setValue(
      "optionIds",
      poll.multiple ? (on ? [...chosen, id] : chosen.filter((x) => x !== id)) : on ? [id] : [],
    );
  const submit = form.handleSubmit(({ optionIds }) =>
    vote
      .mutateAsync({ pollId: poll.id, optionIds })
      .catch((error: unknown) => setFailure(getErrorMessage(error, "Failed to vote"))),
  );

  return (
    <form
      aria-labelledby={`poll-${poll.id}`}
      noValidate
      onFocus={voteResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
    >
      <fieldset className="flex flex-col gap-2" disabled={poll.closed}>
        <legend id={`poll-${poll.id}`} className="font-semibold break-words">
          {poll.question}
          <span className="ml-2 text-xs font-normal text-slate-600">
            {poll.closed ? "Closed" : poll.multiple ? "Choose any" : "Choose one"} ·{" "}
            {poll.voterCount} {poll.voterCount === 1 ? "vote" : "votes"}
            {!poll.closed && poll.closesAt ? ` · closes ${closesLabel(poll.closesAt)}` : ""}
          </span>
        </legend>
        {poll.options.map((option) => (
          <label key={option.id} className="flex flex-wrap items-center gap-2 text-sm">
            <input
              type={poll.multiple ? "checkbox" : "radio"}
              name={`poll-${poll.id}-choice`}
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={(e) => toggle(option.id, e.target.checked)}
              className="h-4 w-4"
            />
            <span
              className={poll.closed && option.votes === most && most > 0 ? "font-semibold" : ""}
            >
              {option.label}
            </span>
            <span className="text-slate-600">
              {option.votes} {option.votes === 1 ? "vote" : "votes"}
              {option.voters.length > 0 ? ` (${option.voters.map((v) => v.name).join(", ")})` : ""}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        {poll.closed ? null : (
          <Button type="submit" size="sm" disabled={vote.isPending}>
            {vote.isPending ? "Voting..." : "Vote"}
          </Button>
        )}
        {canClose ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={close.isPending}
            onClick={() =>
              void close
                .mutateAsync(poll.id)
                .catch((error: unknown) =>
                  setFailure(getErrorMessage(error, "Failed to close the poll")),
                )
            }
          >
            Close poll
          </Button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
