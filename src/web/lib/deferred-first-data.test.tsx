// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { useDeferredFirstData } from "./deferred-first-data.ts";

afterEach(cleanup);

/** Renders the hook's value for `data`, and keeps every value each render saw. */
function setup() {
  const seen: (string | undefined)[] = [];
  function Probe({ data }: { data: string | undefined }) {
    seen.push(useDeferredFirstData(data));
    return null;
  }
  const { rerender } = render(<Probe data={undefined} />);
  const show = async (data: string | undefined) => {
    await act(async () => {
      rerender(<Probe data={data} />);
      await Promise.resolve();
    });
  };
  return { seen, show };
}

it("renders the first data in a second, deferred render, and later data at once", async () => {
  const { seen, show } = setup();
  await show("first");
  // The update itself still renders without the data (the caller's loading state), then React
  // renders it in the background.
  expect(seen).toEqual([undefined, undefined, "first"]);
  seen.length = 0;
  await show("second");
  // Once shown, a change is never one render behind: every render sees "second" (React renders
  // again when the deferred copy catches up, with the same result).
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((value) => value !== "second")).toEqual([]);
});

it("goes back to nothing at once when the data goes", async () => {
  const { seen, show } = setup();
  await show("first");
  seen.length = 0;
  await show(undefined);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((value) => value !== undefined)).toEqual([]);
});
