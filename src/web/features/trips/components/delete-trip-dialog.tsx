import { useNavigate } from "#web/lib/router/location.tsx";
import { MESSAGES } from "#shared/messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";
import { useDeleteTrip } from "../api/delete-trip.ts";

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
      description="The trip and its itinerary are removed for good."
    >
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
