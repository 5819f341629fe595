import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { Expense, ExpenseInput } from "#shared/schemas/expenses.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { ALICE, BOB, CAROL, MEMBERS, MONEY_TRIP, expenseOf } from "#tests/fixtures/money-trip.ts";
import { ExpenseForm, type ExpenseEdit } from "./expense-form.tsx";

afterEach(cleanup);

const partOf = (name: string) =>
  screen.getByRole("checkbox", { name }).closest("li")!.querySelector("span.tabular-nums")!
    .textContent;

function renderForm(onSubmit: (input: ExpenseInput) => Promise<unknown>) {
  render(
    <ExpenseForm
      trip={MONEY_TRIP}
      members={MEMBERS}
      userId={BOB.userId}
      pending={false}
      onSubmit={onSubmit}
    />,
  );
}

describe("ExpenseForm", () => {
  it("preselects the stop's currency, following the date until one is chosen", async () => {
    renderForm(() => Promise.resolve());
    const currency = screen.getByLabelText<HTMLSelectElement>("Currency");
    const date = screen.getByLabelText<HTMLInputElement>("Date");
    expect(date.value).toBe("2027-05-03");
    expect(currency.value).toBe("EUR");
    // The night of 5 May is spent in Zurich.
    await userEvent.clear(date);
    await userEvent.type(date, "2027-05-05");
    expect(currency.value).toBe("CHF");
    await userEvent.selectOptions(currency, "USD");
    await userEvent.clear(date);
    await userEvent.type(date, "2027-05-03");
    expect(currency.value).toBe("USD");
  });

  it("shows each person's part as the amount and the split are typed", async () => {
    renderForm(() => Promise.resolve());
    await userEvent.type(screen.getByLabelText("Amount"), "100");
    expect([partOf("Alice"), partOf("Bob"), partOf("Carol")]).toEqual([
      "€33.34",
      "€33.33",
      "€33.33",
    ]);

    await userEvent.click(screen.getByRole("checkbox", { name: "Carol" }));
    expect([partOf("Alice"), partOf("Bob")]).toEqual(["€50.00", "€50.00"]);

    await userEvent.selectOptions(screen.getByLabelText("Split"), "exact");
    await userEvent.type(screen.getByLabelText("Amount of Alice"), "70");
    expect(screen.getByText("€30.00 left to assign")).toBeInTheDocument();
  });

  it("sends the expense as the API takes it, paid by the reader by default", async () => {
    const sent: ExpenseInput[] = [];
    renderForm((input) => {
      sent.push(input);
      return Promise.resolve();
    });
    await userEvent.type(screen.getByLabelText("Amount"), "84,5");
    await userEvent.type(screen.getByLabelText("Description"), "Dinner at Chez Janou");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "food");
    await userEvent.click(screen.getByRole("button", { name: "Add expense" }));
    expect(sent).toEqual([
      {
        amount: 84.5,
        currency: "EUR",
        date: "2027-05-03",
        category: "food",
        description: "Dinner at Chez Janou",
        paidBy: BOB.userId,
        split: { kind: "equal", among: [ALICE.userId, BOB.userId, CAROL.userId] },
      },
    ]);
    // Ready for the next one.
    expect(screen.getByLabelText<HTMLInputElement>("Amount").value).toBe("");
  });

  it("says what is wrong by the field, from its own check and from the server", async () => {
    let reject = false;
    renderForm(() =>
      reject
        ? Promise.reject(
            new ApiRequestError("Invalid", 422, "validation", [
              { path: "paidBy", message: "paidBy must be a member of the trip" },
            ]),
          )
        : Promise.resolve(),
    );
    await userEvent.type(screen.getByLabelText("Amount"), "12.345");
    await userEvent.click(screen.getByRole("button", { name: "Add expense" }));
    expect(screen.getByText("Amount in EUR has at most 2 decimals")).toBeInTheDocument();
    expect(screen.getByText("Description is required")).toBeInTheDocument();

    reject = true;
    await userEvent.clear(screen.getByLabelText("Amount"));
    await userEvent.type(screen.getByLabelText("Amount"), "12");
    await userEvent.type(screen.getByLabelText("Description"), "Taxi");
    await userEvent.click(screen.getByRole("button", { name: "Add expense" }));
    const paidBy = screen.getByLabelText("Paid by");
    expect(paidBy.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("paidBy must be a member of the trip")).toBeInTheDocument();
  });

  it("edits an expense from what it is, split included", () => {
    render(
      <ExpenseForm
        trip={MONEY_TRIP}
        members={MEMBERS}
        userId={ALICE.userId}
        expense={expenseOf({
          amount: 1200,
          currency: "JPY",
          split: {
            kind: "shares",
            among: [ALICE.userId, BOB.userId],
            shares: { "u-alice": 2, "u-bob": 1 },
          },
        })}
        pending={false}
        onSubmit={() => Promise.resolve()}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByLabelText<HTMLSelectElement>("Currency").value).toBe("JPY");
    expect(screen.getByLabelText<HTMLInputElement>("Shares of Alice").value).toBe("2");
    expect(
      within(screen.getByRole("group", { name: "Shared by" })).getByText("¥800"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save expense" })).toBeInTheDocument();
  });

  describe("edited while a companion changes the same expense", () => {
    const saved = expenseOf({ amount: 40, description: "Dinner", version: 1 });
    const renderEdit = (
      onSubmit: (input: ExpenseInput, edit?: ExpenseEdit) => Promise<unknown>,
    ) => {
      const props = {
        trip: MONEY_TRIP,
        members: MEMBERS,
        userId: BOB.userId,
        pending: false,
        onSubmit,
        onCancel: () => undefined,
      };
      const view = render(<ExpenseForm {...props} expense={saved} />);
      return (expense: Expense) => view.rerender(<ExpenseForm {...props} expense={expense} />);
    };

    it("takes their other fields in and saves only the fields changed here", async () => {
      const edits: ExpenseEdit[] = [];
      const companion = renderEdit((_, edit) => {
        edits.push(edit!);
        return Promise.resolve();
      });
      await userEvent.clear(screen.getByLabelText("Amount"));
      await userEvent.type(screen.getByLabelText("Amount"), "13");
      companion({ ...saved, description: "Dinner at Le Procope", version: 2 });
      expect(screen.getByLabelText<HTMLInputElement>("Description").value).toBe(
        "Dinner at Le Procope",
      );
      expect(screen.getByLabelText<HTMLInputElement>("Amount").value).toBe("13");
      expect(screen.getByRole("status").textContent).toContain("Someone changed the description");
      expect(screen.queryByRole("button", { name: "Keep mine" })).toBeNull();
      await userEvent.click(screen.getByRole("button", { name: "Save expense" }));
      expect(edits).toHaveLength(1);
      expect(edits[0]!.changed).toEqual(["amount"]);
      expect(edits[0]!.base.version).toBe(2);
    });

    it("asks only about a field both changed: Take theirs keeps the traveller's other changes", async () => {
      const edits: [ExpenseInput, ExpenseEdit][] = [];
      const companion = renderEdit((input, edit) => {
        edits.push([input, edit!]);
        return Promise.resolve();
      });
      await userEvent.clear(screen.getByLabelText("Amount"));
      await userEvent.type(screen.getByLabelText("Amount"), "20");
      await userEvent.selectOptions(screen.getByLabelText("Category"), "other");
      companion({ ...saved, amount: 15, version: 2 });
      const note = screen.getByRole("alert");
      expect(note.textContent).toContain("You both changed the amount");
      expect(screen.getByLabelText<HTMLInputElement>("Amount").value).toBe("20");
      await userEvent.click(within(note).getByRole("button", { name: "Take theirs" }));
      expect(screen.getByLabelText<HTMLInputElement>("Amount").value).toBe("15");
      await userEvent.click(screen.getByRole("button", { name: "Save expense" }));
      expect(edits[0]![1].changed).toEqual(["category"]);
      expect(edits[0]![0]).toMatchObject({ amount: 15, category: "other" });
    });

    it("a 409 keeps what was typed, and says it is not saved yet", async () => {
      renderEdit(() =>
        Promise.reject(new ApiRequestError("This expense was changed", 409, "conflict")),
      );
      await userEvent.clear(screen.getByLabelText("Description"));
      await userEvent.type(screen.getByLabelText("Description"), "Dinner for two");
      await userEvent.click(screen.getByRole("button", { name: "Save expense" }));
      expect(screen.getByRole("alert").textContent).toContain("Not saved yet");
      expect(screen.getByLabelText<HTMLInputElement>("Description").value).toBe("Dinner for two");
    });
  });
});
