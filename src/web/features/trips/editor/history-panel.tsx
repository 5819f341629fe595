import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { LOAD_HISTORY_FAILED, useTripHistory } from "../api/get-trip-history.ts";
import { RESTORE_FAILED, useRestoreTripVersion } from "../api/restore-trip-version.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The trip's changes, newest first, each with Restore (the trip as it was, saved anew). */
export function HistoryPanel({ tripId, version }: { tripId: string; version: number }) {
  const [open, setOpen] = useState(false);
  const history = useTripHistory(tripId, open);
  const restore = useRestoreTripVersion(tripId);
  const changes = history.data?.pages.flat() ?? [];

  return (
    <details
      className="rounded-lg border border-slate-200 bg-white p-3"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-semibold">History</summary>
      {history.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {getErrorMessage(history.error, LOAD_HISTORY_FAILED)}
        </p>
      ) : null}
      {restore.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {getErrorMessage(restore.error, RESTORE_FAILED)}
        </p>
      ) : null}
      <ol className="mt-2 flex flex-col gap-2" aria-label="Changes, newest first">
        {changes.map((change) => (
          <li
            key={change.version}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <span>
              <span className="font-medium">{change.summary}</span>{" "}
              <span className="text-slate-600">
                · {change.by?.name ?? "A former member"} · {when(change.at)} · version{" "}
                {change.version}
              </span>
            </span>
            {change.version === version ? (
              <span className="text-slate-600">Current</span>
            ) : (
              <Button
                type="button"
                variant="secondary"
                disabled={restore.isPending}
                aria-label={`Restore version ${change.version}`}
                onClick={() => restore.mutate(change.version)}
              >
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
      {history.hasNextPage ? (
        <Button
          type="button"
          variant="secondary"
          className="mt-2"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Show older changes
        </Button>
      ) : null}
    </details>
  );
}
