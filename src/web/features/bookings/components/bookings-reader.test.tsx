// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { toBookingsInput } from "../api/create-trip-from-bookings.ts";
import type { BookingInput } from "../api/post-booking-import.ts";
import { describeDates, describeStop } from "./booking-format.ts";
import { BookingsReader, errorLines, type BookingRead } from "./bookings-reader.tsx";

afterEach(cleanup);

const proposal: BookingProposal = {
  transport: [
    {
      mode: "train",
      from: "Paris",
      to: "Lyon",
      departAt: "2026-12-30T10:04",
      arriveAt: "2026-12-30T12:01",
      departZone: "Europe/Paris",
      arriveZone: null,
      carrier: "SNCF",
      number: "6601",
      reference: "QXR7TT",
      notes: null,
      existing: false,
      duplicateOf: null,
    },
  ],
  stays: [
    {
      name: "Hôtel des Célestins",
      address: null,
      checkIn: "2026-12-30",
      checkOut: "2027-01-01",
      reference: "H-1",
      existing: false,
      duplicateOf: null,
    },
  ],
  activities: [
    {
      date: "2026-12-31",
      time: "20:00",
      endTime: null,
      activity: "La Traviata",
      location: "Opéra de Lyon",
      reference: null,
      kind: "calendar",
      existing: false,
    },
  ],
};

/** A read that answers every file with the proposal, as the mutation would. */
function Harness({
  onPicked,
  onClose,
}: {
  onPicked: (picked: BookingProposal) => void;
  onClose: () => void;
}) {
  const [data, setData] = useState<{ proposal: BookingProposal } | undefined>();
  const read: BookingRead<BookingProposal> = {
    mutate: (_input: BookingInput, options) => {
      setData({ proposal });
      options.onSuccess({ proposal });
    },
    isPending: false,
    isError: false,
    error: null,
    data,
  };
  return (
    <BookingsReader read={read} onClose={onClose} frame={() => <p>The frame</p>}>
      {({ picked, count }) => (
        <button type="button" onClick={() => onPicked(picked)}>
          Use {count}
        </button>
      )}
    </BookingsReader>
  );
}

describe("BookingsReader", () => {
  it("reads files into the frame and cards, and hands on only what is ticked", () => {
    let picked: BookingProposal | null = null;
    let closed = 0;
    render(<Harness onPicked={(p) => (picked = p)} onClose={() => closed++} />);
    const file = new File(["x"], "confirmation.eml", { type: "message/rfc822" });
    fireEvent.change(screen.getByLabelText("Booking files"), { target: { files: [file] } });
    expect(screen.getByText("The frame")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox", { name: /Stay: Hôtel des Célestins/ }));
    fireEvent.click(screen.getByRole("button", { name: "Use 2" }));
    expect(picked).toEqual({ ...proposal, stays: [] });
    fireEvent.keyDown(screen.getByLabelText("Paste a confirmation"), { key: "Escape" });
    expect(closed).toBe(1);
  });
});

describe("errorLines", () => {
  it("names the file when its issue repeats the message", () => {
    const message = "We could not find a booking in this file.";
    const error = new ApiRequestError(message, 422, "invalid_input", [
      { path: "notes.txt", message },
    ]);
    expect(errorLines(error)).toEqual([`notes.txt: ${message}`]);
  });

  it("keeps the message and adds each issue that says more", () => {
    const error = new ApiRequestError("Invalid input", 422, "invalid_input", [
      { path: "budget", message: "Budget is required" },
      { path: "a.pkpass", message: "a.pkpass could not be read: the file looks damaged." },
    ]);
    expect(errorLines(error)).toEqual([
      "Invalid input",
      "budget: Budget is required",
      "a.pkpass could not be read: the file looks damaged.",
    ]);
  });
});

describe("a new trip from bookings", () => {
  it("describes the frame: dates with their years, cities with their nights", () => {
    expect(describeDates("2026-12-29", "2027-01-01")).toBe("Tue 29 Dec 2026 → Fri 1 Jan 2027");
    expect(describeStop({ destination: "Lyon", nights: 2 })).toBe("Lyon · 2 nights");
    expect(describeStop({ destination: "Paris", nights: 1 })).toBe("Paris · 1 night");
  });

  it("sends the ticked items in POST /api/trips' bookings shape", async () => {
    const { tripBookingsInputSchema } = await import("#shared/schemas/trip-bookings-input.ts");
    const input = toBookingsInput(proposal);
    expect(input.transport?.[0]).not.toHaveProperty("existing");
    expect(input.stays?.[0]).not.toHaveProperty("duplicateOf");
    expect(tripBookingsInputSchema.parse(input)).toMatchObject({
      transport: [{ reference: "QXR7TT", arriveZone: null }],
      stays: [{ name: "Hôtel des Célestins" }],
      activities: [{ activity: "La Traviata", time: "20:00", kind: "calendar" }],
    });
  });
});
