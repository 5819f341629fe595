// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Day } from "#shared/schemas/itinerary.ts";
import { clearActivitySelection, selectActivity } from "#web/lib/activity-selection.ts";
import { activityOf } from "#tests/support/factories.ts";
import { DayActivities } from "./day-activities.tsx";

afterEach(() => {
  cleanup();
  clearActivitySelection();
});

const louvre = activityOf({
  time: "09:00",
  activity: "Louvre Museum",
  location: "Rue de Rivoli",
  description: "",
  cost: 22,
  lat: 48.8606,
  lng: 2.3376,
  why: "Culture & Arts",
});
// About 14 km from the Louvre, 30 minutes later: the realism check's travel warning.
const versailles = activityOf({
  time: "09:30",
  activity: "Far-off gardens",
  location: "Somewhere west",
  description: "",
  cost: 10,
  lat: 48.8606,
  lng: 2.1466,
});
const day: Day = { date: "2027-05-03", activities: [louvre, versailles] };

const item = (name: string) => screen.getByRole("heading", { name }).closest("li") as HTMLElement;

describe("DayActivities", () => {
  it("shows why an activity is there and the realism warning beside the activity it concerns", () => {
    render(<DayActivities day={day} otherDays={[day]} activityHeading="h3" />);
    expect(within(item("Louvre Museum")).getByText("Why: Culture & Arts")).toBeVisible();
    expect(
      within(item("Far-off gardens")).getByText(
        "About 14 km from the previous stop with 30 minutes between them",
      ),
    ).toBeVisible();
    expect(within(item("Louvre Museum")).queryByText(/from the previous stop/)).toBeNull();
  });

  it("highlights the activity selected on the map", () => {
    render(<DayActivities day={day} otherDays={[day]} activityHeading="h3" />);
    expect(item("Far-off gardens")).not.toHaveAttribute("aria-current");
    act(() => selectActivity(versailles.id, "map"));
    expect(item("Far-off gardens")).toHaveAttribute("aria-current", "true");
    expect(item("Louvre Museum")).not.toHaveAttribute("aria-current");
  });
});
