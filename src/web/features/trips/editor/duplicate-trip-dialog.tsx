import { useRef, useState } from "react";
import { useNavigate } from "#web/lib/router/location.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { DUPLICATE_TRIP_FAILED, useDuplicateTrip } from "../api/duplicate-trip.ts";

/** "Duplicate with new dates": a private copy whose days start on the chosen date. */
export function DuplicateTripDialog({
  tripId,
  startDate,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  tripId: string;
  startDate: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const [date, setDate] = useState(startDate);
  const navigate = useNavigate();
  const duplicate = useDuplicateTrip(tripId);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        duplicate.reset();
        onOpenChange(next);
      }}
      returnFocusTo={returnFocusTo}
      title="Duplicate with new dates"
      description="A private copy of this trip, with every day moved to start on the date you choose."
    >
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          duplicate.mutate(date, {
            onSuccess: (copy) => {
              onOpenChange(false);
              void navigate(`/trips/${copy.id}`);
            },
          });
        }}
      >
        <TextField
          label="New start date"
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        {duplicate.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {getErrorMessage(duplicate.error, DUPLICATE_TRIP_FAILED)}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={duplicate.isPending || !date}>
            {duplicate.isPending ? "Duplicating..." : "Duplicate"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The dialog behind its own button (the viewer's page, which has no actions menu). */
export function DuplicateTripButton({ tripId, startDate }: { tripId: string; startDate: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} variant="secondary" onClick={() => setOpen(true)}>
        Duplicate with new dates
      </Button>
      <DuplicateTripDialog
        tripId={tripId}
        startDate={startDate}
        open={open}
        onOpenChange={setOpen}
        returnFocusTo={() => opener.current}
      />
    </>
  );
}
