import { lazy, Suspense } from "react";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { AddBookingsToggle } from "./add-bookings-toggle.tsx";

// Loaded when opened: the trip page's first view does not carry the panel.
const BookingsPanel = lazy(async () => ({
  default: (await import("./bookings-panel.tsx")).BookingsPanel,
}));

/** "Add bookings" on the trip page, for members who may edit. */
export function AddBookings({
  trip,
  onAccept,
  openRequest,
}: {
  trip: Pick<Trip, "id" | "role">;
  onAccept: (picks: BookingProposal) => void;
  /** Changes when the page asks for the panel ("I booked elsewhere" on a planned stay). */
  openRequest?: number | undefined;
}) {
  if (trip.role === "viewer") return null;
  return (
    <AddBookingsToggle
      openRequest={openRequest}
      renderPanel={(close) => (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <BookingsPanel tripId={trip.id} onAccept={onAccept} onClose={close} />
        </Suspense>
      )}
    />
  );
}
