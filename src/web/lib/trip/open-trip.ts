import { useEffect, useSyncExternalStore } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";

export type ProposalResult =
  | { status: "saved" }
  | { status: "conflict"; message: string }
  | { status: "error"; message: string };

/**
 * The trip the owner has open in the editor, for the assistant: which trip to talk about, its days
 * (to show a proposal as a difference) and how to apply a proposal through the editor's saving path.
 * A tiny store rather than React context: the chat widget lives in the layout, outside the page, and
 * features never import each other.
 */
export type OpenTrip = {
  tripId: string;
  version: number;
  days: readonly Day[];
  applyProposal: (proposal: TripProposal) => Promise<ProposalResult>;
};

let current: OpenTrip | null = null;
const listeners = new Set<() => void>();
const publish = (next: OpenTrip | null) => {
  current = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by the editor while it is on screen. */
export function useRegisterOpenTrip(openTrip: OpenTrip) {
  useEffect(() => {
    publish(openTrip);
    return () => {
      if (current === openTrip) publish(null);
    };
  }, [openTrip]);
}

/** The open trip, or null on any other page (or for a visitor). */
export const useOpenTrip = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
