import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { PackingItemInput } from "#shared/schemas/packing.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { AddItemForm } from "./add-item-form.tsx";

afterEach(cleanup);

describe("AddItemForm", () => {
  it("checks with the shared schema, sends name, category and quantity, and is ready for the next", async () => {
    const sent: PackingItemInput[] = [];
    render(
      <AddItemForm
        listLabel="the shared list"
        onSubmit={(input) => {
          sent.push(input);
          return Promise.resolve();
        }}
      />,
    );
    const form = screen.getByRole("form", { name: "Add an item to the shared list" });
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Item"), "x".repeat(201));
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Name must be at most 200 characters")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Item"));
    await userEvent.type(screen.getByLabelText("Item"), "Socks");
    await userEvent.type(screen.getByLabelText("Category"), "Clothing");
    await userEvent.type(screen.getByLabelText("Qty"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(sent).toEqual([{ name: "Socks", category: "Clothing", quantity: 3 }]),
    );
    await waitFor(() => expect(screen.getByLabelText("Item")).toHaveValue(""));
    expect(form).toBeInTheDocument();
  });

  it("shows the server's refusal: a field's under it, the trip's limit above the button", async () => {
    render(
      <AddItemForm
        listLabel="my list"
        onSubmit={() =>
          Promise.reject(
            new ApiRequestError("A trip can have at most 1000 packing items", 422, "invalid", [
              { path: "items", message: "A trip can have at most 1000 packing items" },
            ]),
          )
        }
      />,
    );
    await userEvent.type(screen.getByLabelText("Item"), "One too many");
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "A trip can have at most 1000 packing items",
    );
  });
});
