import { describe, expect, it } from "vitest";
import { activityOf } from "#tests/support/factories.ts";
import { parseCalendar } from "#tests/support/ical.ts";
import { calendarFileName, escapeText, foldLine, tripCalendar } from "./trip-calendar.ts";
import { offsetMinutesAt, zonedToEpoch } from "#shared/zoned-time.ts";

describe("iCalendar text", () => {
  it("escapes the characters RFC 5545 reserves", () => {
    expect(escapeText("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    // TEXT holds no control characters but tab: ESC, VT, DEL and C1 are dropped.
    expect(escapeText("a\u001b[31mb\u000bc\u007fd\u009be\tf")).toBe("a[31mbcde\tf");
  });

  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded)
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });

  it("names the file after the destination and dates, without path characters", () => {
    expect(
      calendarFileName({
        destination: 'a/b\\c:"d"',
        startDate: "2027-01-01",
        endDate: "2027-01-02",
      }),
    ).toBe("a b c d 2027-01-01 to 2027-01-02.ics");
  });
});

describe("time zones from the runtime's data", () => {
  it("knows half-hour and southern-hemisphere offsets", () => {
    expect(offsetMinutesAt(Date.UTC(2027, 0, 15), "Australia/Adelaide")).toBe(630);
    expect(offsetMinutesAt(Date.UTC(2027, 6, 15), "Australia/Adelaide")).toBe(570);
    expect(offsetMinutesAt(Date.UTC(2027, 0, 15), "Asia/Kathmandu")).toBe(345);
    expect(zonedToEpoch("2027-07-04T12:00", "America/New_York")).toBe(Date.UTC(2027, 6, 4, 16));
  });

  it("writes a VTIMEZONE that a real parser reads back across Adelaide's change in April", () => {
    const day = (date: string) => ({
      date,
      activities: [
        activityOf({ time: "10:00", activity: "Walk", location: "Park", description: "", cost: 0 }),
      ],
    });
    const text = tripCalendar({
      id: "t",
      destination: "Adelaide",
      startDate: "2027-04-03",
      endDate: "2027-04-05",
      place: {
        name: "Adelaide",
        country: "Australia",
        lat: -34.9,
        lng: 138.6,
        timezone: "Australia/Adelaide",
      },
      itinerary: { days: [day("2027-04-03"), day("2027-04-04"), day("2027-04-05")] },
    });
    const starts = parseCalendar(text).events.map((e) => e.startDate.toJSDate().toISOString());
    // 10:00 ACDT (+10:30) before the change on 4 April 03:00, 10:00 ACST (+09:30) after it.
    expect(starts).toEqual([
      "2027-04-02T23:30:00.000Z",
      "2027-04-04T00:30:00.000Z",
      "2027-04-05T00:30:00.000Z",
    ]);
  });
});
