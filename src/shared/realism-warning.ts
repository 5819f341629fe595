// What a realism check says, apart from the checks themselves (realism.ts, route-checks.ts), so both
// can name it without importing each other.

export type RealismKind =
  | "backwards"
  | "overlap"
  | "travel"
  | "early"
  | "late"
  | "closed"
  | "budget"
  | "repeat"
  // Trips with several stops (route-checks.ts):
  | "before-arrival"
  | "after-departure"
  | "journey"
  | "far-from-stay"
  | "no-stay";
export type RealismWarning = {
  kind: RealismKind;
  /**
   * "note": a gentle question, not a warning ("Where are you staying in Lyon?"): shown quietly, never
   * sent to a model for repair nor counted as a warning. Absent: a warning.
   */
  severity?: "note";
  /** The day (YYYY-MM-DD) the warning is shown on. */
  date: string;
  /** The activity the warning is shown on. */
  activityId: string;
  message: string;
};
