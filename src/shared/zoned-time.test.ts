import { describe, expect, it } from "vitest";
import { epochToZoned, isTimeZone, zonedToEpoch } from "./zoned-time.ts";

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe("zonedToEpoch", () => {
  it("reads a wall-clock time in its own zone, winter and summer", () => {
    expect(zonedToEpoch("2027-12-30T10:00", "Europe/Paris")).toBe(utc("2027-12-30T09:00"));
    expect(zonedToEpoch("2027-07-01T10:00", "Europe/Paris")).toBe(utc("2027-07-01T08:00"));
    expect(zonedToEpoch("2027-07-01T10:00", "America/New_York")).toBe(utc("2027-07-01T14:00"));
    expect(zonedToEpoch("2027-07-01T10:00", "Asia/Kolkata")).toBe(utc("2027-07-01T04:30"));
    expect(zonedToEpoch("2027-07-01T10:00", "UTC")).toBe(utc("2027-07-01T10:00"));
  });

  it("reads a time skipped by the spring change as the instant after the gap", () => {
    // Paris skips 02:00–03:00 on 28 March 2027 (01:00 UTC).
    expect(zonedToEpoch("2027-03-28T01:59", "Europe/Paris")).toBe(utc("2027-03-28T00:59"));
    expect(zonedToEpoch("2027-03-28T02:30", "Europe/Paris")).toBe(utc("2027-03-28T01:30"));
    expect(zonedToEpoch("2027-03-28T03:00", "Europe/Paris")).toBe(utc("2027-03-28T01:00"));
  });

  it("reads a time repeated by the autumn change as its first occurrence", () => {
    // Paris repeats 02:00–03:00 on 31 October 2027 (01:00 UTC): the first 02:30 is 00:30 UTC.
    expect(zonedToEpoch("2027-10-31T02:30", "Europe/Paris")).toBe(utc("2027-10-31T00:30"));
    expect(zonedToEpoch("2027-10-31T03:30", "Europe/Paris")).toBe(utc("2027-10-31T02:30"));
  });

  it("is null for a malformed time or an unknown zone", () => {
    expect(zonedToEpoch("2027-12-30 10:00", "Europe/Paris")).toBeNull();
    expect(zonedToEpoch("2027-12-30T24:00", "Europe/Paris")).toBeNull();
    expect(zonedToEpoch("2027-12-30T10:00", "Europe/Atlantis")).toBeNull();
  });
});

describe("epochToZoned and isTimeZone", () => {
  it("gives back the wall-clock time, across a date line", () => {
    expect(epochToZoned(utc("2027-12-30T23:30"), "Asia/Tokyo")).toBe("2027-12-31T08:30");
    expect(epochToZoned(utc("2027-12-31T02:00"), "America/Los_Angeles")).toBe("2027-12-30T18:00");
    const instant = zonedToEpoch("2027-03-28T04:15", "Europe/Paris")!;
    expect(epochToZoned(instant, "Europe/Paris")).toBe("2027-03-28T04:15");
  });

  it("knows IANA zones only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("Paris")).toBe(false);
    expect(isTimeZone("x".repeat(65))).toBe(false);
  });
});
