import { useId, useRef } from "react";
import { useNavigate } from "react-router";
import { MESSAGES } from "#shared/messages.ts";
import { useDeleteTrip } from "../api/delete-trip.ts";

/** Delete Trip with a modal confirmation (native <dialog>: focus trap, Escape and inert page). */
export function DeleteTripButton({ tripId }: { tripId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const mutation = useDeleteTrip(tripId, async () => {
    dialog.current?.close();
    await navigate("/trips");
  });
  const confirm = () => mutation.mutate();

  return (
    <>
      <button
        type="button"
        onClick={() => {
          mutation.reset();
          dialog.current?.showModal();
        }}
        className="rounded-md border border-red-300 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50"
      >
        Delete Trip
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {MESSAGES.deleteConfirm}
        </h2>
        <p className="mt-2 text-slate-600">The trip and its itinerary are removed for good.</p>
        {mutation.isError ? (
          <p role="alert" className="mt-3 text-red-800">
            {MESSAGES.deleteTripFailed}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            autoFocus
            onClick={() => dialog.current?.close()}
            className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={mutation.isPending}
            className="rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60"
          >
            {mutation.isPending ? "Deleting..." : "Delete"}
          </button>
        </div>
      </dialog>
    </>
  );
}
