import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { expectOwnChange } from "#web/lib/trip/own-trip-changes.ts";
import { useOnline } from "#web/lib/use-online.ts";
import { currentUserDataEpoch } from "#web/lib/user-data.ts";
import { packingKey } from "./api/get-packing.ts";
import { tickPackingItem } from "./api/tick-item.ts";
import { loadTicks, storeTicks, type WaitingTicks } from "./tick-outbox.ts";

const isNetworkError = (error: unknown) =>
  error instanceof ApiRequestError && error.code === "network";

/**
 * Ticks, shown at once and sent; without a connection they wait (in this tab, over a reload) and
 * are sent when it returns, as plan edits are. A refusal (the item was removed meanwhile) drops
 * the tick; only the server's lists are shown then.
 */
export function usePackingTicks(tripId: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [waiting, setWaiting] = useState<WaitingTicks>(() => loadTicks(tripId));
  const [error, setError] = useState<unknown>(null);
  const epoch = useRef(currentUserDataEpoch());
  const sending = useRef(false);

  const keep = useCallback(
    (update: (ticks: WaitingTicks) => WaitingTicks) =>
      setWaiting((ticks) => {
        const next = update(ticks);
        storeTicks(tripId, next, epoch.current);
        return next;
      }),
    [tripId],
  );

  const send = useCallback(
    async (itemId: string, packed: boolean) => {
      try {
        await tickPackingItem(tripId, itemId, packed);
        expectOwnChange(tripId);
        setError(null);
      } catch (failure) {
        if (isNetworkError(failure)) return false;
        setError(failure);
      }
      return true;
    },
    [tripId],
  );

  // Every tick waits in the outbox until its answer (the shown lists are the server's with the
  // waiting ticks on top); the effect below is the one sender.
  const tick = useCallback(
    (itemId: string, packed: boolean) => keep((ticks) => ({ ...ticks, [itemId]: packed })),
    [keep],
  );

  // Online (at once, or when the connection returns): the waiting ticks go one by one, then the
  // lists are read again.
  useEffect(() => {
    if (!online || sending.current || Object.keys(waiting).length === 0) return;
    sending.current = true;
    void (async () => {
      const sent: WaitingTicks = { ...waiting };
      for (const [itemId, packed] of Object.entries(sent)) {
        if (!(await send(itemId, packed))) {
          sending.current = false;
          return;
        }
      }
      await queryClient.invalidateQueries({ queryKey: packingKey(tripId) });
      keep((ticks) =>
        Object.fromEntries(Object.entries(ticks).filter(([id, packed]) => sent[id] !== packed)),
      );
      sending.current = false;
    })();
  }, [online, waiting, send, keep, queryClient, tripId]);

  return { tick, waiting, online, error };
}
