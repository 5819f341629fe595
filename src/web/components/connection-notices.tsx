import { useOnline } from "#web/lib/use-online.ts";
import { useWaitingUpdate } from "#web/lib/pwa-update.ts";

/** The offline banner and the "new version available" prompt, above the page content. */
export function ConnectionNotices() {
  const online = useOnline();
  const applyUpdate = useWaitingUpdate();
  return (
    <>
      {online ? null : (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          You are offline. Trips you opened before are still here to read; your edits to them are
          kept in this tab and saved when you are back online. Planning needs a connection.
        </p>
      )}
      {applyUpdate ? (
        <div
          role="status"
          className="bg-brand-50 text-brand-800 flex flex-wrap items-center justify-center gap-3 px-4 py-2 text-sm"
        >
          <span>A new version of Boundless is available.</span>
          <button
            type="button"
            onClick={applyUpdate}
            className="border-brand-700 rounded-md border bg-white px-3 py-1 font-medium"
          >
            Reload to update
          </button>
        </div>
      ) : null}
    </>
  );
}
