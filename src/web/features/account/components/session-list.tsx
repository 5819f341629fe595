import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { describeDevice } from "#shared/user-agent.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useSessions, type ListedSession } from "../api/get-sessions.ts";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions.ts";
import { useRevokeSession } from "../api/revoke-session.ts";
import { secondaryButtonClass } from "./styles.ts";

const formatTime = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(date);

function SessionItem({
  session,
  onSignOut,
  busy,
}: {
  session: ListedSession;
  onSignOut: () => void;
  busy: boolean;
}) {
  const device = describeDevice(session.userAgent);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {device}
          {session.current ? (
            <span className="bg-brand-50 text-brand-800 ml-2 rounded-full px-2 py-0.5 text-xs font-semibold">
              This device
            </span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          <dt>IP address</dt>
          <dd className="break-all">{session.ipAddress || "Unknown"}</dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={session.createdAt.toISOString()}>{formatTime(session.createdAt)}</time>
          </dd>
          <dt>Last active</dt>
          <dd>
            <time dateTime={session.updatedAt.toISOString()}>{formatTime(session.updatedAt)}</time>
          </dd>
        </dl>
      </div>
      {session.current ? null : (
        <button
          type="button"
          onClick={onSignOut}
          disabled={busy}
          aria-label={`Sign out ${device}${session.ipAddress ? ` (${session.ipAddress})` : ""}`}
          className={`${secondaryButtonClass} self-start`}
        >
          Sign out
        </button>
      )}
    </li>
  );
}

/** Where this account is signed in, from Better Auth's own session routes. */
export function SessionList({ userId }: { userId: string }) {
  const sessions = useSessions(userId);
  const revoke = useRevokeSession(userId);
  const revokeOthers = useRevokeOtherSessions(userId);
  const busy = revoke.isPending || revokeOthers.isPending;
  const error = revoke.error ?? revokeOthers.error;

  if (sessions.isPending) return <p className="text-slate-600">Loading sessions...</p>;
  if (sessions.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {getErrorMessage(sessions.error, ACCOUNT_MESSAGES.loadSessionsFailed)}
        </p>
        <button
          type="button"
          onClick={() => void sessions.refetch()}
          className={secondaryButtonClass}
        >
          Try again
        </button>
      </div>
    );
  }
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <div className="space-y-3">
      <ul aria-label="Active sessions" className="divide-y divide-slate-200">
        {sessions.data.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            busy={busy}
            onSignOut={() => {
              revokeOthers.reset();
              revoke.mutate(session.token);
            }}
          />
        ))}
      </ul>
      {others > 0 ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            revoke.reset();
            revokeOthers.mutate();
          }}
          className={secondaryButtonClass}
        >
          {revokeOthers.isPending ? "Signing out..." : "Sign out of all other devices"}
        </button>
      ) : (
        <p className="text-sm text-slate-600">You are not signed in anywhere else.</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(error, ACCOUNT_MESSAGES.revokeFailed)}
        </p>
      ) : null}
    </div>
  );
}
