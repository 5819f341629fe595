/**
 * The query key prefix of a trip's data that other features keep (expenses, balances): every live
 * change of the trip (any member, this person's other tabs too) invalidates what is under it, so
 * those queries refresh without the trip feature knowing them.
 */
export const tripLiveKey = (tripId: string) => ["trip-live", tripId] as const;
