import type { WidgetMessage } from "../lib/chat-storage.ts";
import { ChatProposal } from "./chat-proposal.tsx";
import { ForecastCard } from "./forecast-card.tsx";
import { onFirstUse } from "#web/lib/on-first-use.ts";

const timeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }),
);

/** One message; model and user text are always rendered as text, never as HTML. */
export function ChatMessageItem({
  message,
  onProposalSettled,
}: {
  message: WidgetMessage;
  onProposalSettled?: (state: "accepted" | "discarded") => void;
}) {
  const mine = message.role === "user";
  return (
    <li className={`flex flex-col ${mine ? "items-end" : "items-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${
          mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"
        }`}
      >
        <span className="sr-only">{mine ? "You said:" : "Boundless said:"} </span>
        {message.content}
        {message.proposalError ? (
          <span className="mt-2 block border-t border-slate-300 pt-2 text-slate-700 italic">
            {message.proposalError}
          </span>
        ) : null}
        {message.forecast ? <ForecastCard forecast={message.forecast} /> : null}
        {message.proposal ? (
          <ChatProposal
            proposal={message.proposal}
            state={message.proposalState}
            onSettled={(state) => onProposalSettled?.(state)}
          />
        ) : null}
      </div>
      <time dateTime={message.timestamp} className="mt-0.5 px-1 text-[11px] text-slate-600">
        {timeFormat().format(new Date(message.timestamp))}
      </time>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex items-start" data-testid="typing-indicator">
      <div className="flex gap-1 rounded-2xl bg-slate-100 px-3 py-3" aria-hidden="true">
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-500" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
      </div>
      <span className="sr-only">Boundless is typing…</span>
    </li>
  );
}
