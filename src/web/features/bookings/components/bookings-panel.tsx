import type { BookingProposal } from "#shared/schemas/bookings.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useImportTripBookings } from "../api/import-trip-bookings.ts";
import { BookingsReader } from "./bookings-reader.tsx";

/**
 * "Add bookings" on the trip page: files or pasted text read into a proposal; the ticked cards go
 * to the trip through `onAccept` (the editor's versioned save).
 */
export function BookingsPanel({
  tripId,
  onAccept,
  onClose,
}: {
  tripId: string;
  onAccept: (picks: BookingProposal) => void;
  onClose: () => void;
}) {
  const read = useImportTripBookings(tripId);
  return (
    <BookingsReader read={read} onClose={onClose}>
      {({ picked, count }) => (
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={count === 0}
            onClick={() => {
              onAccept(picked);
              onClose();
            }}
          >
            Add to trip
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      )}
    </BookingsReader>
  );
}
