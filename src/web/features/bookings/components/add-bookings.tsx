import { lazy, Suspense, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { Button } from "#web/components/ui/button.tsx";

// Loaded when opened: the trip page's first view does not carry the panel.
const BookingsPanel = lazy(async () => ({
  default: (await import("./bookings-panel.tsx")).BookingsPanel,
}));

/** "Add bookings" on the trip page, for members who may edit. */
export function AddBookings({
  trip,
  onAccept,
}: {
  trip: Pick<Trip, "id" | "role">;
  onAccept: (picks: BookingProposal) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Closing gives the keyboard back to the button that opened the panel.
  const close = () => {
    flushSync(() => setOpen(false));
    button.current?.focus();
  };
  if (trip.role === "viewer") return null;
  if (!open)
    return (
      <Button
        ref={button}
        size="sm"
        variant="secondary"
        className="self-start"
        onClick={() => setOpen(true)}
      >
        Add bookings
      </Button>
    );
  return (
    <Suspense fallback={<p role="status">Loading...</p>}>
      <BookingsPanel tripId={trip.id} onAccept={onAccept} onClose={close} />
    </Suspense>
  );
}
