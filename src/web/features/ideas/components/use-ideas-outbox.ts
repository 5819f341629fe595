import { useEffect, useRef, useState } from "react";
import type { IdeaInput } from "#shared/schemas/ideas.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useOnline } from "#web/lib/use-online.ts";
import { forgetIdea, keepIdea, waitingIdeas } from "../ideas-outbox.ts";

const isNetworkFailure = (error: unknown) => error instanceof ApiRequestError && error.status === 0;

/**
 * Adding an idea works offline: it waits in this tab and is sent, in order, when the connection
 * returns (or the page opens online again). One the server refuses (the trip is gone, a limit) is
 * dropped rather than sent forever.
 */
export function useIdeasOutbox(tripId: string, send: (input: IdeaInput) => Promise<unknown>) {
  const online = useOnline();
  const [waiting, setWaiting] = useState(() => waitingIdeas(tripId));
  const [round, setRound] = useState(0);
  const flushing = useRef(false);

  useEffect(() => {
    if (!online || flushing.current) return;
    const list = waitingIdeas(tripId);
    if (list.length === 0) return;
    flushing.current = true;
    void (async () => {
      for (const item of list) {
        try {
          await send(item.input);
        } catch (error) {
          if (isNetworkFailure(error)) break;
        }
        forgetIdea(item.id);
      }
      flushing.current = false;
      setWaiting(waitingIdeas(tripId));
    })();
  }, [online, tripId, send, round]);

  /** Adds now when it can; kept for later when offline. */
  const add = async (input: IdeaInput): Promise<"sent" | "waiting"> => {
    const keep = () => {
      keepIdea(tripId, input);
      setWaiting(waitingIdeas(tripId));
      setRound((r) => r + 1);
      return "waiting" as const;
    };
    if (!navigator.onLine) return keep();
    try {
      await send(input);
      return "sent";
    } catch (error) {
      if (isNetworkFailure(error)) return keep();
      throw error;
    }
  };
  return { waiting, add };
}
