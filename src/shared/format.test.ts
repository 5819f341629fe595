import { describe, expect, it } from "vitest";
import { formatDayLabel, formatKm, formatLongDay, formatMinutes } from "./format.ts";

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

describe("distances and durations", () => {
  it("rounds kilometres to whole numbers from 10 on and to one decimal below", () => {
    expect(formatKm(14.2)).toBe("14 km");
    expect(formatKm(10)).toBe("10 km");
    expect(formatKm(9.96)).toBe("10 km");
    expect(formatKm(9.94)).toBe("9.9 km");
    expect(formatKm(2.5)).toBe("2.5 km");
    expect(formatKm(3.02)).toBe("3 km");
    expect(formatKm(0.04)).toBe("0 km");
  });

  it("says minutes and hours in words", () => {
    expect(formatMinutes(1)).toBe("1 minute");
    expect(formatMinutes(30)).toBe("30 minutes");
    expect(formatMinutes(59)).toBe("59 minutes");
    expect(formatMinutes(60)).toBe("1 hour");
    expect(formatMinutes(61)).toBe("1 hour 1 minute");
    expect(formatMinutes(125)).toBe("2 hours 5 minutes");
    expect(formatMinutes(120)).toBe("2 hours");
  });
});
