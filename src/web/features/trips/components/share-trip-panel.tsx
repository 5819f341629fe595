import { useId, useState } from "react";
import { MESSAGES } from "#shared/messages.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { Button } from "#web/components/ui/button.tsx";
import { STOP_SHARING_FAILED, useSetTripSharing } from "../api/share-trip.ts";

type Notice = { kind: "copied" | "manual" | "stopped" } | { kind: "error"; message: string } | null;

// The path carries the trip's share token, never its id: a new one at every share after an unshare.
const shareLink = (sharePath: string) => `${window.location.origin}${sharePath}`;

/** Share Trip (public + link copied), the link itself while shared, and Stop sharing. */
export function ShareTripPanel({ trip }: { trip: Trip }) {
  const mutation = useSetTripSharing(trip.id);
  const [notice, setNotice] = useState<Notice>(null);
  const linkId = useId();
  const link = trip.sharePath ? shareLink(trip.sharePath) : null;

  // The link of the answer just received: the trip in props is still the one from before the share.
  const copyLink = async (shared: Trip) => {
    if (!shared.sharePath) return;
    try {
      await navigator.clipboard.writeText(shareLink(shared.sharePath));
      setNotice({ kind: "copied" });
    } catch {
      // Clipboard refused (permissions, insecure origin): the link stays on screen to copy.
      setNotice({ kind: "manual" });
    }
  };
  // Every share draws a new link on the server, so a trip already shared copies the link it has:
  // asking again would break the link its owner already gave out.
  const share = () =>
    trip.isPublic && trip.sharePath
      ? void copyLink(trip)
      : mutation.mutate(true, {
          onSuccess: (shared) => void copyLink(shared),
          onError: () => setNotice({ kind: "error", message: MESSAGES.shareTripFailed }),
        });
  const stop = () =>
    mutation.mutate(false, {
      onSuccess: () => setNotice({ kind: "stopped" }),
      onError: () => setNotice({ kind: "error", message: STOP_SHARING_FAILED }),
    });

  return (
    <div className="flex min-w-0 flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <Button onClick={share} disabled={mutation.isPending}>
          Share Trip
        </Button>
        {trip.isPublic ? (
          <Button variant="secondary" onClick={stop} disabled={mutation.isPending}>
            Stop sharing
          </Button>
        ) : null}
      </div>
      {trip.isPublic && link ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={linkId} className="text-sm text-slate-700">
            {notice?.kind === "manual"
              ? "Copy this link to share your trip:"
              : "Anyone with this link can view the trip:"}
          </label>
          <input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full max-w-md rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          />
        </div>
      ) : null}
      {/* Empty, it takes no room (out of the flow) but stays in the page, so it is announced. */}
      <p
        role="status"
        aria-live="polite"
        className="text-brand-800 text-sm font-medium empty:absolute"
      >
        {notice?.kind === "copied"
          ? MESSAGES.shareCopied
          : notice?.kind === "stopped"
            ? "Sharing stopped. The link no longer works."
            : ""}
      </p>
      {notice?.kind === "error" ? (
        <p role="alert" className="text-sm text-red-800">
          {notice.message}
        </p>
      ) : null}
    </div>
  );
}
