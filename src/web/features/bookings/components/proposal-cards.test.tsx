// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import {
  initialSelection,
  pickedOf,
  ProposalCards,
  type ProposalSelection,
} from "./proposal-cards.tsx";

afterEach(cleanup);

const proposal: BookingProposal = {
  transport: [
    {
      mode: "train",
      from: "Paris",
      to: "Lyon",
      departAt: "2027-01-01T17:04",
      arriveAt: "2027-01-01T19:01",
      departZone: "Europe/Paris",
      arriveZone: "Europe/Paris",
      carrier: null,
      number: null,
      reference: "ABC",
      notes: null,
      existing: false,
      duplicateOf: null,
    },
  ],
  stays: [
    {
      name: "Hôtel X",
      address: null,
      checkIn: "2026-12-30",
      checkOut: "2027-01-01",
      reference: null,
      existing: true,
      duplicateOf: "00000000-0000-4000-8000-000000000009",
    },
    {
      name: "Hôtel Y",
      address: null,
      checkIn: "2027-01-01",
      checkOut: "2027-01-03",
      reference: null,
      existing: false,
      duplicateOf: null,
    },
  ],
  activities: [
    {
      date: "2027-01-02",
      time: "20:00",
      endTime: null,
      activity: "Concert",
      location: "Opera",
      reference: null,
      kind: "event",
      existing: false,
    },
  ],
};

function Harness({ onPicked }: { onPicked: (picked: BookingProposal) => void }) {
  const [selection, setSelection] = useState<ProposalSelection>(() => initialSelection(proposal));
  return (
    <ProposalCards
      proposal={proposal}
      selection={selection}
      onChange={(next) => {
        setSelection(next);
        onPicked(pickedOf(proposal, next));
      }}
    />
  );
}

describe("proposal cards", () => {
  it("shows what was read, new ones ticked, ones on the trip unticked and marked", () => {
    render(<Harness onPicked={() => undefined} />);
    const journey = screen.getByRole("checkbox", {
      name: /Train Paris → Lyon · Fri 1 Jan 17:04 → 19:01/,
    });
    expect(journey).toBeChecked();
    const old = screen.getByRole("checkbox", { name: /Stay: Hôtel X · 30 Dec → 1 Jan/ });
    expect(old).not.toBeChecked();
    expect(old).toBeDisabled();
    expect(old).toHaveAccessibleDescription("Already on the trip");
    expect(screen.getByRole("checkbox", { name: /Stay: Hôtel Y · 1 Jan → 3 Jan/ })).toBeChecked();
    expect(
      screen.getByRole("checkbox", { name: /Concert · Sat 2 Jan 20:00 · Opera/ }),
    ).toBeChecked();
  });

  it("leaves out what is unticked and never picks one already on the trip", () => {
    let picked: BookingProposal | null = null;
    render(<Harness onPicked={(p) => (picked = p)} />);
    fireEvent.click(screen.getByRole("checkbox", { name: /Concert/ }));
    expect(picked).toEqual({
      transport: proposal.transport,
      stays: [proposal.stays[1]],
      activities: [],
    });
    expect(pickedOf(proposal, initialSelection(proposal)).stays).toEqual([proposal.stays[1]]);
  });
});
