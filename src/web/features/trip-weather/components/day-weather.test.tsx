import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ForecastDay } from "#shared/schemas/weather.ts";
import { activityOf } from "#tests/support/factories.ts";
import { TemperatureUnitProvider } from "#web/lib/temperature-unit.tsx";
import { DayWeatherView } from "./day-weather.tsx";

afterEach(cleanup);

const rain: ForecastDay = {
  label: "Tue, May 4",
  date: "2027-05-04",
  icon: "10d",
  condition: "Rain",
  description: "moderate rain",
  tempF: 57.2,
  highF: 62.6,
  lowF: 50,
  humidity: 81,
  clothing: "Bring a raincoat and an umbrella.",
  activity: "Good day for indoor museums or cafes.",
};
const day = {
  date: "2027-05-04",
  activities: [
    activityOf({
      time: "10:00",
      activity: "Walk in Jardim da Estrela",
      location: "Estrela",
      description: "",
      cost: 0,
    }),
    activityOf({
      time: "13:00",
      activity: "Lunch at Zé da Mouraria",
      location: "Mouraria",
      description: "",
      cost: 20,
    }),
  ],
};

describe("DayWeatherView", () => {
  it("shows the forecast and advice, and offers to regenerate a wet day's outdoor plans indoors", async () => {
    const onRegenerate = vi.fn();
    render(
      <DayWeatherView
        entry={{ date: day.date, forecast: rain, availableFrom: null }}
        day={day}
        onRegenerate={onRegenerate}
      />,
    );
    expect(screen.getByText(/moderate rain, 57.2°F/)).toBeInTheDocument();
    expect(screen.getByText(/Bring a raincoat and an umbrella\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Wet weather is forecast, and this plan is outdoors: Walk in Jardim da Estrela\./,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Regenerate this day indoors" }));
    expect(onRegenerate).toHaveBeenCalledWith("rainy day, indoors");
  });

  it("shows °C when the traveller chose it, and follows the browser's language otherwise", () => {
    const entry = { date: day.date, forecast: rain, availableFrom: null };
    const { unmount } = render(
      <TemperatureUnitProvider unit="C">
        <DayWeatherView entry={entry} day={day} />
      </TemperatureUnitProvider>,
    );
    expect(
      screen.getByText(/moderate rain, 14.0°C \(high 17.0°C, low 10.0°C\)/),
    ).toBeInTheDocument();
    unmount();
    vi.spyOn(navigator, "language", "get").mockReturnValue("fr-FR");
    render(<DayWeatherView entry={entry} day={day} />);
    expect(screen.getByText(/moderate rain, 14.0°C/)).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("says nothing about plans on a fine day", () => {
    render(
      <DayWeatherView
        entry={{
          date: day.date,
          forecast: { ...rain, condition: "Clear", description: "clear sky" },
          availableFrom: null,
        }}
        day={day}
      />,
    );
    expect(screen.queryByText(/outdoors/)).toBeNull();
  });

  it("tells when a later day's forecast will be available", () => {
    render(
      <DayWeatherView
        entry={{ date: day.date, forecast: null, availableFrom: "2027-04-30" }}
        day={day}
      />,
    );
    expect(screen.getByText("Forecast available from Fri, Apr 30")).toBeInTheDocument();
  });
});
