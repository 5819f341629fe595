import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRouter, useLocation } from "#web/lib/router/location.tsx";
import { TripTabs } from "./trip-tabs.tsx";

afterEach(cleanup);

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

describe("TripTabs", () => {
  it("switches between the plan and the money with the keyboard, the tab in the address", async () => {
    render(
      <MemoryRouter initialEntries={["/trips/1"]}>
        <TripTabs plan={<p>The plan</p>} money={<p>The money</p>} />
        <Search />
      </MemoryRouter>,
    );
    const plan = screen.getByRole("tab", { name: "Plan" });
    expect(plan.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Plan" }).textContent).toBe("The plan");

    await userEvent.tab();
    expect(document.activeElement).toBe(plan);
    await userEvent.keyboard("{ArrowRight}");
    const money = screen.getByRole("tab", { name: "Money" });
    expect(document.activeElement).toBe(money);
    expect(money.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Money" }).textContent).toBe("The money");
    expect(screen.queryByText("The plan")).toBeNull();
    expect(screen.getByRole("status", { name: "search" }).textContent).toBe("?tab=money");

    await userEvent.keyboard("{Home}");
    expect(plan.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("status", { name: "search" }).textContent).toBe("");
  });

  it("is only the plan when there is no money tab", () => {
    render(
      <MemoryRouter initialEntries={["/trips/1?tab=money"]}>
        <TripTabs plan={<p>The plan</p>} money={undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(screen.getByText("The plan")).toBeInTheDocument();
  });

  it("has a Packing tab beside Money when given one, opened by ?tab=packing", async () => {
    render(
      <MemoryRouter initialEntries={["/trips/1?tab=packing"]}>
        <TripTabs plan={<p>The plan</p>} money={<p>The money</p>} packing={<p>The packing</p>} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Plan",
      "Money",
      "Packing",
    ]);
    expect(screen.getByRole("tabpanel", { name: "Packing" }).textContent).toBe("The packing");
    screen.getByRole("tab", { name: "Packing" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Plan" }).getAttribute("aria-selected")).toBe("true");
  });

  it("without a packing tab, ?tab=packing is the plan", () => {
    render(
      <MemoryRouter initialEntries={["/trips/1?tab=packing"]}>
        <TripTabs plan={<p>The plan</p>} money={<p>The money</p>} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("tab", { name: "Packing" })).toBeNull();
    expect(screen.getByRole("tabpanel", { name: "Plan" }).textContent).toBe("The plan");
  });
});
