import { useState } from "react";
import { useNavigate } from "react-router";
import { MESSAGES } from "#shared/messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";
import { useDeleteTrip } from "../api/delete-trip.ts";

/** Delete Trip with a modal confirmation. */
export function DeleteTripButton({ tripId }: { tripId: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const mutation = useDeleteTrip(tripId, async () => {
    setOpen(false);
    await navigate("/trips");
  });

  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        Delete Trip
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
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
            <Button variant="secondary" autoFocus>
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
    </>
  );
}
