// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicConfig } from "#shared/schemas/config.ts";
import type { Day } from "#shared/schemas/itinerary.ts";
import { clearActivitySelection, useActivitySelection } from "#web/lib/trip/activity-selection.ts";
import { activityOf } from "#tests/support/factories.ts";
import { ActivityMapTools } from "./activity-map-tools.tsx";
import { TripMap } from "./trip-map.tsx";

const config = (mode: "online" | "offline"): PublicConfig => ({
  providers: { google: false, github: false },
  ai: { mode },
  planner: mode === "online" ? "model" : "general",
  weather: { provider: "open-meteo" },
  mail: { mode: "outbox" },
  contactEmail: "hello@boundless.travel",
  map: {
    tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors",
  },
});

/** The config the server inlines into index.html, read by usePublicConfig without a request. */
function inlineConfig(value: PublicConfig) {
  document.getElementById("public-config")?.remove();
  const script = document.createElement("script");
  script.id = "public-config";
  script.type = "application/json";
  script.textContent = JSON.stringify(value);
  document.head.append(script);
}

const unplaced = (activity: string) =>
  activityOf({ time: "10:00", activity, location: activity, description: "", cost: 0 });
const days: Day[] = [{ date: "2027-05-03", activities: [unplaced("Harbour walk")] }];

function renderWithQuery(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => clearActivitySelection());
afterEach(cleanup);

describe("TripMap without located stops", () => {
  it("shows no map when even the destination is unknown, and says why", () => {
    inlineConfig(config("online"));
    const { container } = renderWithQuery(
      <TripMap days={days} dayIndex={0} place={null} destination="Atlantis" />,
    );
    const region = screen.getByRole("region", { name: "Trip map" });
    expect(region).toHaveTextContent("We could not find “Atlantis” on the map.");
    expect(container.querySelector(".trip-map-canvas, .isolate")).toBeNull();
  });

  it("names the offline planner when it made the plan", () => {
    inlineConfig(config("offline"));
    renderWithQuery(
      <TripMap
        days={days}
        dayIndex={0}
        place={{ name: "Oslo", country: "Norway", lat: 59.91, lng: 10.75, timezone: "Europe/Oslo" }}
        destination="Oslo"
      />,
    );
    expect(screen.getByRole("region", { name: "Trip map" })).toHaveTextContent(
      "The offline planner does not place stops on the map. Showing Oslo instead.",
    );
  });
});

function SelectedId() {
  return <output aria-label="selected">{useActivitySelection()?.id ?? "none"}</output>;
}

describe("ActivityMapTools", () => {
  it("offers one map action: show a located stop, place one without a pin only where allowed", async () => {
    const located = activityOf({
      time: "09:00",
      activity: "Louvre Museum",
      location: "Rue de Rivoli",
      description: "",
      cost: 22,
      lat: 48.8606,
      lng: 2.3376,
    });
    render(
      <>
        <ActivityMapTools activity={located} canPlace />
        <ActivityMapTools activity={unplaced("Harbour walk")} canPlace />
        <ActivityMapTools activity={unplaced("Old harbour")} canPlace={false} />
        <SelectedId />
      </>,
    );
    const show = screen.getByRole("button", { name: "Show “Louvre Museum” on the map" });
    expect(show).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(show);
    expect(show).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status", { name: "selected" })).toHaveTextContent(located.id);
    // One action each (issue 44): a located stop is only shown, even where pins may be placed.
    expect(screen.queryByRole("button", { name: "Place “Louvre Museum” on the map" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show “Harbour walk” on the map" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Place “Old harbour” on the map" })).toBeNull();
    expect(screen.getByText("Not on the map yet.")).toBeInTheDocument();
    const place = screen.getByRole("button", { name: "Place “Harbour walk” on the map" });
    await userEvent.click(place);
    expect(place).toHaveAttribute("aria-pressed", "true");
    act(() => clearActivitySelection());
    expect(screen.getByRole("status", { name: "selected" })).toHaveTextContent("none");
  });
});
