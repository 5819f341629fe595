import type { BookingProposal } from "#shared/schemas/bookings.ts";
import { describeActivity, describeJourney, describeStay } from "./booking-format.ts";

/** Which proposed items are ticked, by kind and index. */
export type ProposalSelection = {
  transport: boolean[];
  stays: boolean[];
  activities: boolean[];
};
type Kind = keyof ProposalSelection;

/** Everything new is ticked; what the trip already holds is not. */
export const initialSelection = (proposal: BookingProposal): ProposalSelection => ({
  transport: proposal.transport.map((t) => !t.existing),
  stays: proposal.stays.map((s) => !s.existing),
  activities: proposal.activities.map((a) => !a.existing),
});

/** The ticked part of a proposal (never one already on the trip). */
export const pickedOf = (
  proposal: BookingProposal,
  selection: ProposalSelection,
): BookingProposal => ({
  transport: proposal.transport.filter((t, i) => selection.transport[i] && !t.existing),
  stays: proposal.stays.filter((s, i) => selection.stays[i] && !s.existing),
  activities: proposal.activities.filter((a, i) => selection.activities[i] && !a.existing),
});

const KIND_NAMES: Record<Kind, string> = {
  transport: "Journey",
  stays: "Stay",
  activities: "Event",
};

/** The proposal as cards, one checkbox each; "Already on the trip" ones cannot be ticked. */
export function ProposalCards({
  proposal,
  selection,
  onChange,
}: {
  proposal: BookingProposal;
  selection: ProposalSelection;
  onChange: (next: ProposalSelection) => void;
}) {
  const items: { kind: Kind; index: number; text: string; existing: boolean }[] = [
    ...proposal.transport.map((t, index) => ({
      kind: "transport" as const,
      index,
      text: describeJourney(t),
      existing: t.existing,
    })),
    ...proposal.stays.map((s, index) => ({
      kind: "stays" as const,
      index,
      text: describeStay(s),
      existing: s.existing,
    })),
    ...proposal.activities.map((a, index) => ({
      kind: "activities" as const,
      index,
      text: describeActivity(a),
      existing: a.existing,
    })),
  ];
  if (items.length === 0) return <p>No bookings were found.</p>;
  return (
    <ul aria-label="Bookings found" className="flex flex-col gap-2">
      {items.map(({ kind, index, text, existing }) => {
        const id = `booking-${kind}-${index}`;
        return (
          <li
            key={id}
            className="flex items-start gap-3 rounded-lg border border-slate-300 bg-white p-3"
          >
            <input
              id={id}
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={(selection[kind][index] ?? false) && !existing}
              disabled={existing}
              aria-describedby={existing ? `${id}-existing` : undefined}
              onChange={(event) =>
                onChange({
                  ...selection,
                  [kind]: selection[kind].map((v, i) => (i === index ? event.target.checked : v)),
                })
              }
            />
            <label htmlFor={id} className="flex flex-col">
              <span className="text-xs font-medium text-slate-600 uppercase">
                {KIND_NAMES[kind]}
              </span>
              <span className="text-slate-900">{text}</span>
              {existing ? (
                <span id={`${id}-existing`} className="text-sm text-slate-700">
                  Already on the trip
                </span>
              ) : null}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
