import { describe, expect, it } from "vitest";
import { formatDayLabel, formatLongDay } from "./format.ts";

describe("dates", () => {
  it("labels a date with its weekday, whatever the local time zone", () => {
    expect(formatDayLabel("2025-05-12")).toBe("Mon 12 May");
    expect(formatDayLabel("2026-01-01")).toBe("Thu 1 Jan");
  });

  it("names the calendar date without any time zone", () => {
    expect(formatDayLabel("2026-12-29")).toBe("Tue 29 Dec");
    expect(formatDayLabel("2027-01-01")).toBe("Fri 1 Jan");
  });

  it("formats long days from the calendar date", () => {
    expect(formatLongDay("2026-12-29")).toBe("Tuesday, 29 December");
    expect(formatLongDay("2027-01-01")).toBe("Friday, 1 January");
    expect(formatLongDay("nonsense")).toBe("nonsense");
  });
});
