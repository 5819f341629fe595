import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const TICK_FAILED = "Failed to save the tick";

const itemSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingItemResponseSchema,
);

/**
 * POST /api/trips/:id/packing/items/:itemId/tick { packed }. Sent by use-packing-ticks.ts, which
 * keeps the ticks made offline until the connection returns.
 */
export const tickPackingItem = (tripId: string, itemId: string, packed: boolean) =>
  apiRequest(
    `/trips/${encodeURIComponent(tripId)}/packing/items/${encodeURIComponent(itemId)}/tick`,
    { method: "POST", body: { packed }, schema: itemSchema, fallbackError: TICK_FAILED },
  ).then((body) => body.item);
