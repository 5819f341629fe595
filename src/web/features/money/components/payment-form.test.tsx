import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { PaymentInput } from "#shared/schemas/expenses.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { localToday } from "../trip-currencies.ts";
import { ALICE, BOB, MEMBERS, MONEY_TRIP } from "#tests/fixtures/money-trip.ts";
import { PaymentForm } from "./payment-form.tsx";

afterEach(cleanup);

function renderForm(onSubmit: (input: PaymentInput) => Promise<unknown>) {
  render(
    <PaymentForm
      trip={MONEY_TRIP}
      members={MEMBERS}
      userId={BOB.userId}
      currency="EUR"
      onSubmit={onSubmit}
    />,
  );
}

describe("PaymentForm", () => {
  it("records who paid whom, in the settlement currency by default, and is ready for the next", async () => {
    const sent: PaymentInput[] = [];
    renderForm((input) => {
      sent.push(input);
      return Promise.resolve();
    });
    expect(screen.getByRole("form", { name: "Record a payment" })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("To"), ALICE.userId);
    await userEvent.type(screen.getByLabelText("Amount"), "362,20");
    await userEvent.click(screen.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      from: BOB.userId,
      to: ALICE.userId,
      amount: 362.2,
      currency: "EUR",
      date: localToday(),
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Amount").value).toBe(""));
  });

  it("says what is wrong by the field: no amount, the same person twice, and the server's", async () => {
    let sent = 0;
    renderForm(() => {
      sent++;
      return Promise.reject(
        new ApiRequestError("Invalid", 422, "validation", [
          { path: "to", message: "The payee must be a member of the trip" },
        ]),
      );
    });
    await userEvent.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Amount must be a number")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Amount"), "10");
    await userEvent.selectOptions(screen.getByLabelText("To"), BOB.userId);
    await userEvent.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Choose someone other than the payer")).toBeInTheDocument();
    expect(sent).toBe(0);

    await userEvent.selectOptions(screen.getByLabelText("To"), ALICE.userId);
    await userEvent.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("The payee must be a member of the trip")).toBeInTheDocument();
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toBe(1);
  });
});
