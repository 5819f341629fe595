import { useNavigate } from "#web/lib/router/location.tsx";
import { MESSAGES } from "#shared/messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";
import { deletionSummaryText } from "#shared/deletion-summary.ts";
import { TRIP_PURGE_DAYS } from "#shared/constants.ts";
import { useDeleteTrip } from "../api/delete-trip.ts";
import { useDeletionSummary } from "../api/get-deletion-summary.ts";

/** Delete Trip's modal confirmation, opened from the trip's menu. */
export function DeleteTripDialog({
  tripId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  tripId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const navigate = useNavigate();
  const summary = useDeletionSummary(tripId, open);
  const mutation = useDeleteTrip(tripId, () => {
    onOpenChange(false);
    navigate("/trips");
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        mutation.reset();
        onOpenChange(next);
      }}
      returnFocusTo={returnFocusTo}
      title={MESSAGES.deleteConfirm}
      description={`It stays in Recently deleted on My Trips for ${TRIP_PURGE_DAYS} days, where you can restore it.`}
    >
      {/* The specification's sentence first (the title), then what goes with this trip. */}
      <p className="mt-3 font-medium" data-testid="delete-summary">
        {summary.data ? deletionSummaryText(summary.data) : "Loading..."}
      </p>
      {mutation.isError ? (
        <p role="alert" className="mt-3 text-red-800">
          {MESSAGES.deleteTripFailed}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary" data-autofocus>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant="destructive"
          onClick={() => mutation.mutate()}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}
