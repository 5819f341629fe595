import { afterEach, vi } from "vitest";

// An unexpected console.error is a bug the test did not see; make it fail the test (Epic Stack's rule).
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  if (calls.length > 0) {
    const first = calls[0]?.map(String).join(" ");
    consoleError.mockClear();
    throw new Error(`console.error was called: ${first}`);
  }
});
