// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DebouncedField } from "./debounced-field.tsx";

afterEach(cleanup);

const renderField = (value: string, onCommit: (v: string) => void) =>
  render(<DebouncedField id="f" label="Search trips" value={value} onCommit={onCommit} />);

describe("DebouncedField", () => {
  it("commits once, after the typing pauses", async () => {
    const onCommit = vi.fn();
    renderField("", onCommit);
    await userEvent.type(screen.getByLabelText("Search trips"), "kyo");
    expect(onCommit).not.toHaveBeenCalled();
    await waitFor(() => expect(onCommit).toHaveBeenCalledWith("kyo"));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it("never commits after it is gone", async () => {
    const onCommit = vi.fn();
    const view = renderField("", onCommit);
    await userEvent.type(screen.getByLabelText("Search trips"), "ro");
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it("shows a value changed from outside (Clear Filters, back button)", () => {
    const view = renderField("lisbon", vi.fn());
    expect(screen.getByLabelText<HTMLInputElement>("Search trips").value).toBe("lisbon");
    view.rerender(<DebouncedField id="f" label="Search trips" value="" onCommit={vi.fn()} />);
    expect(screen.getByLabelText<HTMLInputElement>("Search trips").value).toBe("");
  });
});
