import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { expenseOf, MONEY_TRIP } from "#tests/fixtures/money-trip.ts";
import { PlannedVsSpentSection } from "./planned-vs-spent-section.tsx";

afterEach(cleanup);

describe("PlannedVsSpentSection", () => {
  it("gives the chart a name and its figures as a table, per day and per category", async () => {
    render(
      <PlannedVsSpentSection
        trip={MONEY_TRIP}
        expenses={[
          expenseOf({ amountUsd: 100 }),
          expenseOf({ id: "2", amountUsd: null, rate: null, rateDate: null }),
        ]}
      />,
    );
    // happy-dom draws no canvas: the chart gives way to the table, and says so (the browser test
    // sees the chart itself).
    expect(
      await screen.findByText("The chart could not be drawn; the table has the figures."),
    ).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Planned and spent per day, US dollars" });
    const first = within(table).getByRole("row", { name: /Mon, May 3/ });
    expect(
      within(first)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["$50.00", "$100.00"]);
    expect(
      screen.getByText(/Not counted yet: 1 expense waiting for an exchange rate/),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Per category" }));
    expect(screen.getByRole("button", { name: "Per category" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    const food = within(
      screen.getByRole("table", { name: "Planned and spent per category, US dollars" }),
    ).getByRole("row", { name: /Food/ });
    expect(
      within(food)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["$120.00", "$100.00"]);
  });
});
