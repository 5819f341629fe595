/**
 * GET /api/trips/:id/expenses.csv: a file the browser downloads itself (a link, the session cookie
 * with it), so there is nothing to fetch or cache here; only its address.
 */
export const expensesCsvUrl = (tripId: string) =>
  `/api/trips/${encodeURIComponent(tripId)}/expenses.csv`;
