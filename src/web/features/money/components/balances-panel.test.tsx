import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BalancesPanel } from "./balances-panel.tsx";

afterEach(cleanup);

describe("BalancesPanel", () => {
  it("shows where each person stands and the transfers that settle up", () => {
    render(
      <BalancesPanel
        balances={{
          currency: "USD",
          members: [
            { userId: "a", name: "Alice", paid: 90, share: 30, net: 60 },
            { userId: "b", name: "Bob", paid: 0, share: 30, net: -30 },
            { userId: "c", name: "Carol", paid: 0, share: 30, net: -30 },
          ],
          settle: [
            { from: "b", to: "a", amount: 30 },
            { from: "c", to: "a", amount: 30 },
          ],
          pending: 1,
        }}
      />,
    );
    const alice = screen.getByRole("row", { name: /Alice/ });
    expect(
      within(alice)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["$90.00", "$30.00", "is owed $60.00"]);
    expect(
      within(screen.getByRole("row", { name: /Bob/ })).getByText("owes $30.00"),
    ).toBeInTheDocument();
    const transfers = within(screen.getByRole("list", { name: "Transfers" })).getAllByRole(
      "listitem",
    );
    expect(transfers.map((t) => t.textContent)).toEqual([
      "Bob pays Alice $30.00",
      "Carol pays Alice $30.00",
    ]);
    expect(
      screen.getByText(/1 expense or payment is waiting for its exchange rate/),
    ).toBeInTheDocument();
  });

  it("says when everyone is settled", () => {
    render(
      <BalancesPanel
        balances={{
          currency: "USD",
          members: [{ userId: "a", name: "Alice", paid: 0, share: 0, net: 0 }],
          settle: [],
          pending: 0,
        }}
      />,
    );
    expect(screen.getByText("Everyone is settled.")).toBeInTheDocument();
  });
});
