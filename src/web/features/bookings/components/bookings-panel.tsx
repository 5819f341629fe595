import { useId, useState, type DragEvent } from "react";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { IMPORT_BOOKINGS_FAILED, useImportTripBookings } from "../api/import-trip-bookings.ts";
import {
  initialSelection,
  pickedOf,
  ProposalCards,
  type ProposalSelection,
} from "./proposal-cards.tsx";

export const BOOKING_FILE_TYPES = ".eml,.ics,.pkpass,.pdf,.txt";

/** The API's message, and each issue's file and what was wrong when they add to it. */
function errorLines(error: unknown): string[] {
  const message = getErrorMessage(error, IMPORT_BOOKINGS_FAILED);
  if (!(error instanceof ApiRequestError)) return [message];
  const more = error.issues
    .filter((i) => i.message !== message)
    .map((i) => (i.path && !i.message.includes(i.path) ? `${i.path}: ${i.message}` : i.message));
  return [message, ...more];
}

/**
 * "Add bookings": files (picked or dropped, several at once) or pasted text read into a proposal;
 * the ticked cards go to the trip through `onAccept` (the editor's versioned save).
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
  const [text, setText] = useState("");
  const [dragging, setDragging] = useState(false);
  const [selection, setSelection] = useState<ProposalSelection | null>(null);
  const inputId = useId();
  const proposal = read.data?.proposal;

  const send = (input: { files: File[] } | { text: string }) => {
    setSelection(null);
    read.mutate(input, { onSuccess: (answer) => setSelection(initialSelection(answer.proposal)) });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) send({ files });
  };
  const picked = proposal && selection ? pickedOf(proposal, selection) : null;
  const count = picked
    ? picked.transport.length + picked.stays.length + picked.activities.length
    : 0;

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="border-brand-600 flex flex-col gap-4 rounded-lg border bg-white p-4"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        Add bookings
      </h2>
      <div
        className={`flex flex-col gap-2 rounded-lg border-2 border-dashed p-4 ${dragging ? "border-brand-700 bg-brand-50" : "border-slate-400"}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className="font-medium text-slate-800">
          Booking files
        </label>
        <p id={`${inputId}-hint`} className="text-sm text-slate-700">
          Drop confirmation e-mails (.eml), calendar files (.ics), passes (.pkpass), PDFs or text
          files here, or choose several at once.
        </p>
        <input
          id={inputId}
          type="file"
          multiple
          accept={BOOKING_FILE_TYPES}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length > 0) send({ files });
            event.target.value = "";
          }}
        />
      </div>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) send({ text });
        }}
      >
        <TextareaField
          label="Paste a confirmation"
          value={text}
          rows={4}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="sm" variant="secondary" className="self-start">
          Read text
        </Button>
      </form>
      {read.isPending ? <p role="status">Reading bookings...</p> : null}
      {read.isError ? (
        <div role="alert" className="text-red-800">
          {errorLines(read.error).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {proposal && selection ? (
        <div className="flex flex-col gap-3">
          <ProposalCards proposal={proposal} selection={selection} onChange={setSelection} />
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={count === 0}
              onClick={() => {
                if (picked) onAccept(picked);
                onClose();
              }}
            >
              Add to trip
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" size="sm" className="self-start" onClick={onClose}>
          Close
        </Button>
      )}
    </section>
  );
}
