import { z } from "zod";

// Its own file, not expenses.ts: tripSchema needs only this, and expenses.ts brings the money
// helpers (currency codes and decimals, splits) that every trip page would download for nothing.

/**
 * Rates for the trip's currencies on GET /api/trips/:id: 1 USD = `USD[code]` units, published on
 * `date` (an ECB business day). Null when rates cannot be had; nothing fails.
 */
export const tripRatesSchema = z
  .object({ date: z.iso.date(), USD: z.record(z.string(), z.number()) })
  .nullable();
export type TripRates = z.infer<typeof tripRatesSchema>;
