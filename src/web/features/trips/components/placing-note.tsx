import { placingMessage } from "#shared/placing.ts";
import type { Trip } from "#shared/schemas/trip.ts";

/**
 * "Placing 12 activities on the map…" while a new plan's pins are still being looked up (one a
 * second): the plan is there to read meanwhile, and the line goes once the last pin arrived.
 */
export function PlacingNote({ placing }: { placing: Trip["placing"] }) {
  return (
    <p role="status" className="text-sm text-slate-700 empty:hidden">
      {placing ? placingMessage(placing.remaining) : null}
    </p>
  );
}
