import { getErrorMessage } from "#web/lib/api-client.ts";
import { useOutbox, type OutboxMessage } from "../api/get-outbox.ts";

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** A message's text with its links made clickable; everything else stays plain text. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-brand-800 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">{message.subject}</h2>
      <p className="text-xs text-slate-600">
        To {message.to} · {new Date(message.sentAt).toLocaleString()}
      </p>
      <MessageText text={message.text} />
    </li>
  );
}

/** Development only: the mail the server would have sent, so a local user can open their links. */
export function OutboxList() {
  const outbox = useOutbox();
  if (outbox.isPending) return <p role="status">Loading...</p>;
  if (outbox.isError)
    return (
      <p className="text-red-700" role="alert">
        {getErrorMessage(outbox.error, "Failed to load the outbox")}
      </p>
    );
  if (outbox.data.messages.length === 0)
    return <p className="text-slate-700">No mail yet. Sign up or ask for a reset link.</p>;
  return (
    <ul className="space-y-3">
      {outbox.data.messages.map((m) => (
        <OutboxItem key={m.id} message={m} />
      ))}
    </ul>
  );
}
