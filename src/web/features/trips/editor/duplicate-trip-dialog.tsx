import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { DuplicateTripRequest } from "#shared/schemas/trip-edit.ts";
import { useNavigate } from "#web/lib/router/location.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { DUPLICATE_TRIP_FAILED, useDuplicateTrip } from "../api/duplicate-trip.ts";

// The route's own schema (POST /api/trips/:id/duplicate), fetched with the first check.
const duplicateResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-edit.ts")).duplicateTripRequestSchema,
);

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
  const navigate = useNavigate();
  const duplicate = useDuplicateTrip(tripId);
  const form = useForm<DuplicateTripRequest, unknown, DuplicateTripRequest>({
    resolver: duplicateResolver,
    defaultValues: { startDate },
  });
  const date = useWatch({ control: form.control, name: "startDate" });
  const submit = form.handleSubmit(({ startDate: chosen }) =>
    duplicate.mutate(chosen, {
      onSuccess: (copy) => {
        onOpenChange(false);
        void navigate(`/trips/${copy.id}`);
      },
    }),
  );
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
        noValidate
        className="mt-4 flex flex-col gap-4"
        onFocus={duplicateResolver.preload}
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label="New start date"
          type="date"
          required
          error={form.formState.errors.startDate?.message}
          {...form.register("startDate")}
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
