import { describe, expect, it } from "vitest";
import { CALENDAR_ICS } from "#tests/support/booking-fixtures.ts";
import { parseIcs, subcomponents } from "./ics-parse.ts";
import { vtimezoneOffset } from "./vtimezone-offset.ts";

const zoneOf = (ics: string) => subcomponents(parseIcs(ics)[0]!, "VTIMEZONE")[0]!;

describe("a calendar file's own VTIMEZONE", () => {
  const romance = zoneOf(CALENDAR_ICS);

  it("gives winter and summer offsets from its yearly rules", () => {
    expect(vtimezoneOffset(romance, "2026-12-29T10:00")).toBe(60);
    expect(vtimezoneOffset(romance, "2027-07-14T10:00")).toBe(120);
    // The last Sunday of March 2027 is the 28th: before 02:00 winter, after it summer.
    expect(vtimezoneOffset(romance, "2027-03-28T01:00")).toBe(60);
    expect(vtimezoneOffset(romance, "2027-03-28T03:00")).toBe(120);
  });

  it("does not follow a dense rule (a file cannot make it expand), taking its observance's offset", () => {
    const dense = CALENDAR_ICS.replace(
      "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
      "RRULE:FREQ=SECONDLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12",
    );
    const offset = vtimezoneOffset(zoneOf(dense), "2027-07-14T10:00");
    // The dense daylight rule counts only at its 1601 start: October 2026's winter rule is later.
    expect(offset).toBe(60);
  });
});
