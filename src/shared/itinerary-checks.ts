import type { Activity } from "./schemas/itinerary.ts";

export type TimeIssueKind = "backwards" | "overlap";

/** Something on a day that does not add up; `activityId` is the activity it is shown on. */
export type TimeIssue = {
  kind: TimeIssueKind;
  activityId: string;
  /** The activity listed just before it. */
  previousId: string;
  message: string;
};

type TimedActivity = Pick<Activity, "id" | "time" | "activity">;

/**
 * Times that run backwards (an activity listed after another starts earlier) or overlap (two start at
 * the same time). The order is the traveller's: it is flagged, never silently re-sorted. Pure, so the
 * editor, the shared page and the server's realism checks can all use it.
 */
export function checkDayTimes(activities: readonly TimedActivity[]): TimeIssue[] {
  const issues: TimeIssue[] = [];
  for (let i = 1; i < activities.length; i++) {
    const previous = activities[i - 1]!;
    const current = activities[i]!;
    // HH:MM strings compare in time order.
    if (current.time === previous.time) {
      issues.push({
        kind: "overlap",
        activityId: current.id,
        previousId: previous.id,
        message: `Starts at the same time as "${previous.activity}" (${previous.time})`,
      });
    } else if (current.time < previous.time) {
      issues.push({
        kind: "backwards",
        activityId: current.id,
        previousId: previous.id,
        message: `Starts at ${current.time}, before "${previous.activity}" (${previous.time}) listed above it`,
      });
    }
  }
  return issues;
}
