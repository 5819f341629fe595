import { useState, type ReactNode } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import { useForm } from "react-hook-form";
import type { RegenerateDayRequest, RegenerateDayResponse } from "#shared/schemas/trip-edit.ts";
import { REGENERATE_INSTRUCTION_MAX_LENGTH, TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import { DayDiffCard } from "#web/components/day-diff-card.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { RefreshIcon } from "#web/components/ui/icons.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { REGENERATE_DAY_FAILED, useRegenerateDay } from "../api/regenerate-day.ts";
import { replaceDays } from "./editable-trip.ts";
import type { TripEditor } from "./use-trip-editor.ts";
import { arrivalLabel, type ArrivalPart } from "#shared/arrival-part.ts";

// The route's own schema (POST …/days/:date/regenerate), fetched with the first check.
const instructionResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-edit.ts")).regenerateDayRequestSchema,
);

type Notice = { kind: "error" | "info"; text: string } | null;

/**
 * "Regenerate day": asks the model for a new plan for this day (optionally with an instruction) and
 * shows it beside the current day as a difference. Accept saves it based on the version it was made
 * from; if the trip moved on since, nothing is overwritten.
 */
/**
 * What the proposal says beside the day: what of the instruction was used (without an AI provider)
 * and which of the group's ideas it plans (issue 49).
 */
const proposalNotice = (answer: {
  note: string | null;
  ideasUsed?: readonly { title: string }[];
}): { kind: "info"; text: string } | null => {
  const ideas = answer.ideasUsed ?? [];
  const used =
    ideas.length > 0 ? `From your ideas: ${ideas.map((i) => i.title).join(", ")}.` : null;
  const text = [answer.note, used].filter(Boolean).join(" ");
  return text ? { kind: "info", text } : null;
};

export function RegenerateDayPanel({
  tripId,
  day,
  title,
  editor,
  request,
  arrival = null,
  actions = null,
}: {
  tripId: string;
  day: Day;
  title: string;
  editor: TripEditor;
  /** Opened from elsewhere on the page (the day's weather) with an instruction filled in. */
  request?: { instruction: string; at: number } | null;
  /**
   * A transfer day whose booked journey arrives that day: "Plan the afternoon in Lyon" proposes the
   * rest of the day after the arrival, in that city (null: none to plan).
   */
  arrival?: ArrivalPart | null;
  /** The day's other proposals ("Order this day"), in the same row while this one is closed. */
  actions?: ReactNode;
}) {
  const [afterArrival, setAfterArrival] = useState(false);
  const [open, setOpen] = useState(false);
  const [instruction, setInstruction] = useState("");
  // A new request (its `at` differs) opens the panel with its instruction; set while rendering, as
  // React recommends for state derived from a prop change.
  const [seenRequest, setSeenRequest] = useState(request?.at);
  if (request && request.at !== seenRequest) {
    setSeenRequest(request.at);
    setOpen(true);
    setInstruction(request.instruction);
  }
  const [proposal, setProposal] = useState<RegenerateDayResponse | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [accepting, setAccepting] = useState(false);
  const regenerate = useRegenerateDay(tripId, day.date);

  const close = () => {
    setOpen(false);
    setAfterArrival(false);
    setInstruction("");
    setProposal(null);
    setNotice(null);
    regenerate.reset();
  };
  const accept = async (answer: RegenerateDayResponse) => {
    setAccepting(true);
    const result = await editor.save(
      replaceDays([answer.proposal], "Regenerate day"),
      "proposal",
      answer.version,
      "regenerate",
    );
    setAccepting(false);
    if (result.status === "saved" || result.status === "queued") close();
    else if (result.status === "conflict")
      setNotice({
        kind: "error",
        text: `${TRIP_CONFLICT_MESSAGE}. Nothing was overwritten; regenerate again for the latest version.`,
      });
    else if (result.status === "error") setNotice({ kind: "error", text: result.message });
  };

  const planAfterArrival = () => {
    setOpen(true);
    setAfterArrival(true);
    regenerate.mutate(
      { afterArrival: true },
      {
        onSuccess: (answer) => {
          setProposal(answer);
          setNotice(proposalNotice(answer));
        },
      },
    );
  };

  if (!open) {
    return (
      <div className="flex flex-wrap gap-2">
        {/* A button that looks like one (not a full-width box read as a text field): its own width,
            an icon, and the same look as the page's other secondary actions. */}
        <Button
          variant="secondary"
          size="sm"
          className="inline-flex items-center gap-1.5 self-start shadow-sm"
          onClick={() => setOpen(true)}
        >
          <RefreshIcon />
          Regenerate day
        </Button>
        {arrival ? (
          <Button
            variant="secondary"
            size="sm"
            className="self-start shadow-sm"
            onClick={planAfterArrival}
          >
            {arrivalLabel(arrival)}
          </Button>
        ) : null}
        {actions}
      </div>
    );
  }
  if (proposal) {
    return (
      <DayDiffCard
        heading={
          afterArrival && arrival
            ? `Proposed ${arrival.part} in ${arrival.city} for ${title}`
            : `Proposed new plan for ${title}`
        }
        days={[
          { date: day.date, title, before: day.activities, after: proposal.proposal.activities },
        ]}
        busy={accepting}
        notice={notice}
        onAccept={() => void accept(proposal)}
        onDiscard={close}
      />
    );
  }
  if (afterArrival && arrival)
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
        {regenerate.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {getErrorMessage(regenerate.error, REGENERATE_DAY_FAILED)}
          </p>
        ) : (
          <p role="status" className="text-sm text-slate-700">
            Planning the {arrival.part} in {arrival.city}...
          </p>
        )}
        <Button variant="secondary" size="sm" className="self-start" onClick={close}>
          Cancel
        </Button>
      </div>
    );
  return (
    <InstructionForm
      // A new request mounts the form anew with its instruction.
      key={seenRequest}
      title={title}
      instruction={instruction}
      regenerate={regenerate}
      onProposal={(answer) => {
        setProposal(answer);
        // Without an AI provider: what of the instruction was used, or that it needs one.
        setNotice(proposalNotice(answer));
      }}
      onCancel={close}
    />
  );
}

/** The instruction, checked by the route's own schema, then "Propose a new plan". */
function InstructionForm({
  title,
  instruction,
  regenerate,
  onProposal,
  onCancel,
}: {
  title: string;
  instruction: string;
  regenerate: ReturnType<typeof useRegenerateDay>;
  onProposal: (answer: RegenerateDayResponse) => void;
  onCancel: () => void;
}) {
  const form = useForm<RegenerateDayRequest, unknown, RegenerateDayRequest>({
    resolver: instructionResolver,
    defaultValues: { instruction },
  });
  const submit = form.handleSubmit(({ instruction: text }) =>
    regenerate.mutate(text ? { instruction: text } : {}, { onSuccess: onProposal }),
  );
  return (
    <form
      aria-label={`Regenerate ${title}`}
      noValidate
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3"
      onFocus={instructionResolver.preload}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Instruction (optional)"
        hint="Leave it empty for a fresh plan of this day. Nothing changes until you accept the new plan."
        placeholder='e.g. "more relaxed" or "rainy day, indoors"'
        maxLength={REGENERATE_INSTRUCTION_MAX_LENGTH}
        error={form.formState.errors.instruction?.message}
        {...form.register("instruction")}
      />
      {regenerate.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(regenerate.error, REGENERATE_DAY_FAILED)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={regenerate.isPending}>
          {regenerate.isPending ? "Regenerating..." : "Propose a new plan"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
