import { useId } from "react";
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_SCOPE_LABELS,
  type ConnectedAssistant,
} from "#shared/schemas/assistants.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useAssistants } from "../api/get-assistants.ts";
import { useRevokeAssistant } from "../api/revoke-assistant.ts";

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function AssistantItem({
  assistant,
  onRevoke,
  busy,
}: {
  assistant: ConnectedAssistant;
  onRevoke: () => void;
  busy: boolean;
}) {
  const allowed = assistant.scopes.map((s) => ASSISTANT_SCOPE_LABELS[s] ?? s).join(", ");
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{assistant.name}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          <dt>May</dt>
          <dd>{capitalized(allowed)}</dd>
          <dt>Last used</dt>
          <dd>
            {assistant.lastUsedAt ? (
              <time dateTime={assistant.lastUsedAt}>{formatTime(assistant.lastUsedAt)}</time>
            ) : (
              "Not yet"
            )}
          </dd>
        </dl>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRevoke}
        disabled={busy}
        aria-label={`Revoke ${assistant.name}`}
        className="self-start"
      >
        Revoke
      </Button>
    </li>
  );
}

/**
 * Profile's "Connected assistants": the assistants allowed to reach this account through /mcp,
 * what each may do and when it was last used, and Revoke (its tokens stop at once).
 */
export function ConnectedAssistants({ userId }: { userId: string }) {
  const headingId = useId();
  const assistants = useAssistants(userId);
  const revoke = useRevokeAssistant(userId);
  let body;
  if (assistants.isPending) body = <p className="text-slate-600">Loading assistants...</p>;
  else if (assistants.isError)
    body = (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {getErrorMessage(assistants.error, ASSISTANT_MESSAGES.loadFailed)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void assistants.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (assistants.data.length === 0)
    body = (
      <p className="text-sm text-slate-600">
        No assistant is connected. Paste this site&apos;s MCP address into Claude, ChatGPT or
        another assistant to plan with it.
      </p>
    );
  else
    body = (
      <ul aria-labelledby={headingId} className="divide-y divide-slate-200">
        {assistants.data.map((assistant) => (
          <AssistantItem
            key={assistant.clientId}
            assistant={assistant}
            busy={revoke.isPending}
            onRevoke={() => revoke.mutate(assistant.clientId)}
          />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Connected assistants
      </h2>
      {body}
      {revoke.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(revoke.error, ASSISTANT_MESSAGES.revokeFailed)}
        </p>
      ) : null}
    </section>
  );
}
