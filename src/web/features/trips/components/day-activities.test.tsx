// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Day } from "#shared/schemas/itinerary.ts";
import { clearActivitySelection, selectActivity } from "#web/lib/trip/activity-selection.ts";
import { activityOf } from "#tests/support/factories.ts";
import { placeHoursFor } from "../use-place-hours.ts";
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
  durationMinutes: 30,
  lat: 48.8606,
  lng: 2.3376,
  why: "Culture & Arts",
});
// About 14 km from the Louvre, 30 minutes after it ends: the realism check's travel warning.
const versailles = activityOf({
  time: "10:00",
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

describe("DayActivities with real places", () => {
  const hoursModules = () =>
    Promise.all([import("#shared/opening-hours.ts"), import("#shared/country-code.ts")]);
  const paris = { country: "France", lat: 48.8566, lng: 2.3522 };
  // Tuesday 29 December 2026: the Louvre is closed on Tuesdays.
  const louvreVisit = activityOf({
    time: "10:00",
    activity: "Louvre visit",
    location: "Musée du Louvre",
    description: "",
    cost: 22,
    osmId: "way/1001",
    openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
    website: "https://www.louvre.fr/",
  });
  const orsay = activityOf({
    time: "14:00",
    activity: "Orsay",
    location: "Musée d'Orsay",
    description: "",
    cost: 16,
    osmId: "node/1002",
    openingHours: "Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off",
  });
  const cafe = activityOf({
    time: "16:00",
    activity: "Coffee",
    location: "Somewhere nice",
    description: "",
    cost: 5,
    osmId: "node/77",
  });
  const invented = activityOf({
    time: "19:00",
    activity: "Dinner",
    location: "Le Restaurant Imaginaire",
    description: "",
    cost: 40,
  });
  const placed: Day = { date: "2026-12-29", activities: [louvreVisit, orsay, cafe, invented] };

  it("links matched places, gives the hours that day, warns of a closed one, and marks the rest", async () => {
    const hours = placeHoursFor(await hoursModules(), paris);
    render(
      <DayActivities
        day={placed}
        activityHeading="h3"
        placeContext={{ checked: true, estimatedCosts: true, hours }}
      />,
    );
    const louvreItem = within(item("Louvre visit"));
    const osm = louvreItem.getByRole("link", { name: /On OpenStreetMap/ });
    expect(osm).toHaveAttribute("href", "https://www.openstreetmap.org/way/1001");
    expect(osm).toHaveAttribute("rel", "noopener noreferrer");
    const site = louvreItem.getByRole("link", { name: /Website of Louvre visit/ });
    expect(site).toHaveAttribute("href", "https://www.louvre.fr/");
    expect(site).toHaveAttribute("rel", "noopener noreferrer nofollow");
    expect(louvreItem.getByText("Closed on Tue 29 Dec")).toBeInTheDocument();
    expect(
      louvreItem.getByText("Musée du Louvre is closed at 10:00 on Tuesday, 29 December"),
    ).toBeInTheDocument();
    expect(louvreItem.getAllByText("Estimated")).toHaveLength(1);

    const orsayItem = within(item("Orsay"));
    expect(orsayItem.getByText("Open 09:30–18:00 on Tue 29 Dec")).toBeInTheDocument();
    expect(orsayItem.queryByText(/is closed at/)).toBeNull();
    expect(orsayItem.queryByRole("link", { name: /Website/ })).toBeNull();

    expect(within(item("Coffee")).getByText("Hours unknown")).toBeInTheDocument();
    const dinner = within(item("Dinner"));
    expect(dinner.getByText("Not found on OpenStreetMap")).toBeInTheDocument();
    expect(dinner.queryByRole("link", { name: /On OpenStreetMap/ })).toBeNull();
  });

  it("shows no hours line until the hours library is loaded, and no 'not found' on unchecked trips", () => {
    render(
      <DayActivities
        day={placed}
        activityHeading="h3"
        placeContext={{ checked: false, estimatedCosts: false, hours: undefined }}
      />,
    );
    expect(screen.queryByText(/on Tue 29 Dec/)).toBeNull();
    expect(screen.queryByText(/is closed at/)).toBeNull();
    expect(screen.queryByText("Not found on OpenStreetMap")).toBeNull();
    expect(screen.queryByText("Estimated")).toBeNull();
    // Known at once: a matched place without hours.
    expect(within(item("Coffee")).getByText("Hours unknown")).toBeInTheDocument();
  });
});

describe("DayActivities: the routed legs (issue 46)", () => {
  const routedDay: Day = {
    date: "2027-05-03",
    activities: [
      louvre,
      {
        ...versailles,
        time: "11:30",
        travel: {
          mode: "transit",
          minutes: 41,
          meters: null,
          source: "transit",
          summary: "Métro 1 → RER C",
          departAt: "09:34",
        },
      },
    ],
  };

  it("shows the leg with its lines, the day's travel time beside its cost, and the attributions", () => {
    render(<DayActivities day={routedDay} otherDays={[routedDay]} activityHeading="h3" />);
    const gardens = within(item("Far-off gardens"));
    expect(gardens.getByText(/Métro 1 → RER C · 41 min · leaves 09:34/)).toBeVisible();
    expect(gardens.getByRole("link", { name: "timetable sources" })).toHaveAttribute(
      "href",
      "https://transitous.org/sources/",
    );
    // The straight-line note gives way to the routed leg.
    expect(gardens.queryByText(/About 14 km/)).toBeNull();
    expect(screen.getByText(/Travel: 41 min/)).toBeVisible();
    expect(screen.getByRole("link", { name: "OpenStreetMap contributors" })).toBeVisible();
  });

  it("says the day's travel times are being worked out while one of its legs waits, and not after", () => {
    const { rerender } = render(
      <DayActivities
        day={routedDay}
        otherDays={[routedDay]}
        activityHeading="h3"
        travelPending={[versailles.id]}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Working out travel times…");
    rerender(
      <DayActivities
        day={routedDay}
        otherDays={[routedDay]}
        activityHeading="h3"
        travelPending={["another-day"]}
      />,
    );
    expect(screen.queryByText("Working out travel times…")).toBeNull();
  });
});
