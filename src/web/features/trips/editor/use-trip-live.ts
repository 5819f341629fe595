import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type RefObject } from "react";
import type { LiveChange, OnlineUser } from "#shared/schemas/trip-history.ts";
import { isPlacedOnMapSummary } from "#shared/placing.ts";
import { TRAVEL_TIMES_SUMMARY } from "#shared/travel-leg.ts";
import { tripDetailKey } from "#web/lib/trip/trip-query-keys.ts";
import { ownChangeKey, takeOwnChange } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";
import { tripHistoryKey } from "../api/get-trip-history.ts";

/** "Bob moved “Lunch” to Tue 29 Dec" from the author and the summary ("Moved “Lunch” to …"). */
export const announce = (change: LiveChange) => {
  const name = change.by?.name ?? "Someone";
  return `${name} ${change.summary.charAt(0).toLowerCase()}${change.summary.slice(1)}`;
};

export type RemoteChange = LiveChange & { text: string; highlight: boolean };

const HIGHLIGHT_MS = 4_000;

const parse = <T>(event: MessageEvent<string>): T | null => {
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
};

/**
 * The trip kept current while it is open: a subscription (EventSource, which reconnects with
 * Last-Event-ID by itself), not a fetch. Another tab's or person's change refetches the trip and
 * is returned as `latest` for the page to announce; this tab's own saves are not news.
 */
export function useTripLive(tripId: string, ownVersions: RefObject<Set<number>>) {
  const queryClient = useQueryClient();
  const [online, setOnline] = useState<OnlineUser[]>([]);
  const [latest, setLatest] = useState<RemoteChange | null>(null);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const url = `/api/trips/${encodeURIComponent(tripId)}/events`;
    let source = new EventSource(url);
    const onChange = (event: MessageEvent<string>) => {
      const change = parse<LiveChange>(event);
      if (!change) return;
      void queryClient.invalidateQueries({ queryKey: tripHistoryKey(tripId) });
      void queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) });
      // A save of this tab may still be on its way back: its version is known once it answers.
      const settle = () => {
        const saving =
          queryClient.isMutating({ mutationKey: ["trips", "edit", tripId] }) +
          queryClient.isMutating({ mutationKey: ownChangeKey(tripId) });
        if (saving > 0) {
          setTimeout(settle, 200);
          return;
        }
        if (ownVersions.current.has(change.version)) return;
        // A new plan's pin arriving: the trip is read again, and the map shows it; not news.
        if (isPlacedOnMapSummary(change.summary) || change.summary === TRAVEL_TIMES_SUMMARY) {
          void queryClient.invalidateQueries({ queryKey: tripDetailKey(tripId) });
          return;
        }
        // This tab's own expense: the trip's new version is read, and not announced back.
        if (takeOwnChange(tripId)) {
          void queryClient.invalidateQueries({ queryKey: tripDetailKey(tripId) });
          return;
        }
        setLatest({ ...change, text: announce(change), highlight: true });
        // A short highlight, then the line stays for whoever reads it later.
        setTimeout(
          () => setLatest((l) => (l?.version === change.version ? { ...l, highlight: false } : l)),
          HIGHLIGHT_MS,
        );
        void queryClient.invalidateQueries({ queryKey: tripDetailKey(tripId) });
      };
      settle();
    };
    const onPresence = (event: MessageEvent<string>) => {
      const data = parse<{ online: OnlineUser[] }>(event);
      if (data) setOnline(data.online);
    };
    let revoked = false;
    const listen = (s: EventSource) => {
      s.addEventListener("change", onChange);
      s.addEventListener("ready", onPresence);
      s.addEventListener("presence", onPresence);
      s.addEventListener("revoked", () => {
        revoked = true;
        s.close();
      });
    };
    listen(source);
    // A stream the server closed because this person has too many open (it asks the browser to
    // wait a day) comes back when this tab is looked at again: the tab in front stays live.
    const onVisible = () => {
      if (document.visibilityState !== "visible" || revoked) return;
      if (source.readyState === EventSource.OPEN) return;
      source.close();
      source = new EventSource(url);
      listen(source);
      // A new EventSource resumes from nothing: what changed meanwhile is read afresh.
      void queryClient.invalidateQueries({ queryKey: tripDetailKey(tripId) });
      void queryClient.invalidateQueries({ queryKey: tripHistoryKey(tripId) });
      void queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) });
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      source.close();
    };
  }, [tripId, queryClient, ownVersions]);

  return { online, latest };
}
