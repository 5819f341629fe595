import { useId, useState, type DragEvent, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { BookingProposal, BookingTextRequest } from "#shared/schemas/bookings.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { IMPORT_BOOKINGS_FAILED, type BookingInput } from "../api/post-booking-import.ts";
import {
  initialSelection,
  pickedOf,
  ProposalCards,
  type ProposalSelection,
} from "./proposal-cards.tsx";

// The route's own schema for pasted text (POST …/bookings/import as JSON), fetched with the first check.
const textResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/bookings.ts")).bookingTextRequestSchema,
);

export const BOOKING_FILE_TYPES = ".eml,.ics,.pkpass,.pdf,.txt";

/**
 * The API's message and each issue's file (or field) and what was wrong. An issue that repeats the
 * message takes its place, with the file named: "notes.txt: We could not find a booking…".
 */
export function errorLines(error: unknown, fallback = IMPORT_BOOKINGS_FAILED): string[] {
  const message = getErrorMessage(error, fallback);
  if (!(error instanceof ApiRequestError)) return [message];
  const issues = error.issues.map((i) =>
    i.path && !i.message.includes(i.path) ? `${i.path}: ${i.message}` : i.message,
  );
  const covered = error.issues.some((i) => i.message === message);
  return [...new Set([...(covered ? [] : [message]), ...issues])];
}

/** The part of an import mutation (TanStack Query) the reader drives and shows. */
export type BookingRead<P extends BookingProposal> = {
  mutate: (input: BookingInput, options: { onSuccess: (answer: { proposal: P }) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { proposal: P } | undefined;
};

/** What the caller's buttons act on once bookings are read. */
export type ReadBookings<P extends BookingProposal> = {
  proposal: P;
  /** The ticked cards (never one the trip already holds). */
  picked: BookingProposal;
  count: number;
};

/**
 * "Add bookings", as the trip page and Home share it: a drop zone and a file picker (several files
 * at once), a paste box, the reading's status and errors (each file named), and the proposal as
 * cards with checkboxes. What is done with the ticked cards is the caller's (`children`); `frame`
 * shows what comes above the cards. Escape closes.
 */
export function BookingsReader<P extends BookingProposal>({
  read,
  onClose,
  frame,
  children,
}: {
  read: BookingRead<P>;
  onClose: () => void;
  frame?: (proposal: P) => ReactNode;
  children: (found: ReadBookings<P>) => ReactNode;
}) {
  const pasted = useForm<BookingTextRequest, unknown, BookingTextRequest>({
    resolver: textResolver,
    defaultValues: { text: "" },
  });
  const [dragging, setDragging] = useState(false);
  const [selection, setSelection] = useState<ProposalSelection | null>(null);
  const inputId = useId();
  const proposal = read.data?.proposal;

  const send = (input: BookingInput) => {
    setSelection(null);
    read.mutate(input, { onSuccess: (answer) => setSelection(initialSelection(answer.proposal)) });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) send({ files });
  };
  const readText = pasted.handleSubmit(({ text }) => send({ text }));
  const picked = proposal && selection ? pickedOf(proposal, selection) : null;

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="border-brand-600 flex min-w-0 flex-col gap-4 rounded-lg border bg-white p-4"
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
          className="max-w-full"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length > 0) send({ files });
            event.target.value = "";
          }}
        />
      </div>
      <form
        noValidate
        className="flex flex-col gap-2"
        onFocus={textResolver.preload}
        onSubmit={(event) => void readText(event)}
      >
        <TextareaField
          label="Paste a confirmation"
          rows={4}
          error={pasted.formState.errors.text?.message}
          {...pasted.register("text")}
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
      {proposal && selection && picked ? (
        <div className="flex flex-col gap-3">
          {frame?.(proposal)}
          <ProposalCards proposal={proposal} selection={selection} onChange={setSelection} />
          {children({
            proposal,
            picked,
            count: picked.transport.length + picked.stays.length + picked.activities.length,
          })}
        </div>
      ) : (
        <Button variant="secondary" size="sm" className="self-start" onClick={onClose}>
          Close
        </Button>
      )}
    </section>
  );
}
