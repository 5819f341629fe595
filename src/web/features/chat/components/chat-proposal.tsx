import { useState } from "react";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";
import { DayDiffCard } from "#web/components/day-diff-card.tsx";
import { useOpenTrip } from "#web/lib/trip/open-trip.ts";
import { formatWeekday } from "#web/lib/format.ts";

type Notice = { kind: "error" | "info"; text: string } | null;

/**
 * The assistant's proposed changes to the open trip, as a difference against the trip as it is now.
 * Accept applies it through the editor (a PATCH based on the proposal's version); if the trip moved on
 * meanwhile, nothing is overwritten and the card says so.
 */
export function ChatProposal({
  proposal,
  state,
  onSettled,
}: {
  proposal: TripProposal;
  state: "open" | "accepted" | "discarded";
  onSettled: (state: "accepted" | "discarded") => void;
}) {
  const openTrip = useOpenTrip();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  if (state !== "open") {
    return (
      <p className="mt-2 text-xs font-medium">
        {state === "accepted" ? "Changes applied to your trip." : "Proposal discarded."}
      </p>
    );
  }
  const here = openTrip?.tripId === proposal.tripId ? openTrip : null;
  const days = proposal.days.map((day) => {
    const number = here ? here.days.findIndex((d) => d.date === day.date) + 1 : 0;
    return {
      date: day.date,
      title: `${number > 0 ? `Day ${number} · ` : ""}${formatWeekday(day.date)}`,
      before: here?.days.find((d) => d.date === day.date)?.activities ?? [],
      after: day.activities,
    };
  });
  const accept = async () => {
    if (!here) return;
    setBusy(true);
    const result = await here.applyProposal(proposal);
    setBusy(false);
    if (result.status === "saved") onSettled("accepted");
    else setNotice({ kind: "error", text: result.message });
  };
  return (
    <div className="mt-2">
      <DayDiffCard
        heading="Proposed changes to your trip"
        summary={proposal.summary}
        days={days}
        busy={busy}
        notice={
          notice ?? (here ? null : { kind: "info", text: "Open this trip to apply the changes." })
        }
        onAccept={here ? () => void accept() : null}
        onDiscard={() => onSettled("discarded")}
      />
    </div>
  );
}
