import { describe, expect, it } from "vitest";
import {
  formatHoursOn,
  isOpenAt,
  mayVisitAt,
  openIntervalsOn,
  wallClockIn,
} from "./opening-hours.ts";

const paris = { countryCode: "FR", lat: 48.8566, lng: 2.3522 };
const lisbon = { countryCode: "pt", lat: 38.7223, lng: -9.1393 };
const at = (localDate: string, localTime: string, where = paris) => ({
  ...where,
  localDate,
  localTime,
});

// 2026-12-29 is a Tuesday; 2026-12-25 a Friday (Christmas, a public holiday in France).
describe("isOpenAt", () => {
  it("reads ordinary weekly hours at the local time", () => {
    const hours = "Mo-Fr 10:00-18:00; Sa 10:00-14:00";
    expect(isOpenAt(hours, at("2026-12-29", "09:59"))).toBe("closed");
    expect(isOpenAt(hours, at("2026-12-29", "10:00"))).toBe("open");
    expect(isOpenAt(hours, at("2026-12-29", "17:59"))).toBe("open");
    expect(isOpenAt(hours, at("2026-12-29", "18:00"))).toBe("closed");
    expect(isOpenAt(hours, at("2027-01-02", "13:00"))).toBe("open"); // Saturday
    expect(isOpenAt(hours, at("2027-01-02", "15:00"))).toBe("closed");
    expect(isOpenAt(hours, at("2027-01-03", "12:00"))).toBe("closed"); // Sunday: not listed
  });

  it("keeps a range past midnight open into the next morning", () => {
    const hours = "07:30-01:30";
    expect(isOpenAt(hours, at("2026-12-29", "23:45"))).toBe("open");
    expect(isOpenAt(hours, at("2026-12-30", "00:30"))).toBe("open");
    expect(isOpenAt(hours, at("2026-12-30", "01:30"))).toBe("closed");
    expect(isOpenAt(hours, at("2026-12-30", "03:00"))).toBe("closed");
    expect(isOpenAt(hours, at("2026-12-30", "07:30"))).toBe("open");
  });

  it("closes on `off` days", () => {
    const hours = "Tu-Su 09:30-18:00; Mo off";
    expect(isOpenAt(hours, at("2026-12-28", "12:00"))).toBe("closed"); // Monday
    expect(isOpenAt(hours, at("2026-12-29", "12:00"))).toBe("open");
  });

  it("closes on the country's public holidays with `PH off`", () => {
    const hours = "Mo-Su 09:00-18:00; PH off";
    expect(isOpenAt(hours, at("2026-12-25", "12:00"))).toBe("closed"); // Noël
    expect(isOpenAt(hours, at("2026-12-24", "12:00"))).toBe("open");
    expect(isOpenAt(hours, at("2026-07-14", "12:00"))).toBe("closed"); // Fête nationale (France only)
    // Portugal's holidays are Portugal's: 14 July is an ordinary day in Lisbon, 10 June is not.
    expect(isOpenAt(hours, at("2026-07-14", "12:00", lisbon))).toBe("open");
    expect(isOpenAt(hours, at("2026-06-10", "12:00", lisbon))).toBe("closed");
    expect(isOpenAt(hours, at("2026-06-10", "12:00"))).toBe("open");
  });

  it("keeps each country's holidays apart for the same hours at the same place", () => {
    // Parsed hours are kept per value and position; the country must be part of that key, or the
    // first country asked about lends its holidays to every other one at the same spot.
    const hours = "Mo-Su 09:00-18:00; PH off";
    const here = { lat: 46.5, lng: 6.5 };
    const asFrance = { ...here, countryCode: "FR" };
    const asPortugal = { ...here, countryCode: "PT" };
    const asNowhere = { ...here, countryCode: "ZZ" };
    expect(isOpenAt(hours, at("2026-07-14", "12:00", asFrance))).toBe("closed");
    expect(isOpenAt(hours, at("2026-07-14", "12:00", asPortugal))).toBe("open");
    expect(isOpenAt(hours, at("2026-07-14", "12:00", asNowhere))).toBe("open");
    expect(isOpenAt(hours, at("2026-06-10", "12:00", asPortugal))).toBe("closed");
    expect(isOpenAt(hours, at("2026-06-10", "12:00", asFrance))).toBe("open");
  });

  it("says unknown for missing, unreadable or undecided hours", () => {
    expect(isOpenAt(null, at("2026-12-29", "12:00"))).toBe("unknown");
    expect(isOpenAt("", at("2026-12-29", "12:00"))).toBe("unknown");
    expect(isOpenAt("whenever we feel like it", at("2026-12-29", "12:00"))).toBe("unknown");
    expect(isOpenAt('Mo-Fr 10:00-18:00 "by appointment"', at("2026-12-29", "12:00"))).toBe(
      "unknown",
    );
    expect(isOpenAt("Mo-Fr 10:00-18:00", at("2026-12-29", "25:00"))).toBe("unknown");
  });

  it("reads the hours without holidays for a country the library does not know", () => {
    const nowhere = { countryCode: "ZZ", lat: 0, lng: 0 };
    expect(isOpenAt("Mo-Fr 09:00-17:00; PH off", at("2026-12-29", "12:00", nowhere))).toBe("open");
    expect(isOpenAt("Mo-Fr 09:00-17:00; PH off", at("2026-12-29", "18:00", nowhere))).toBe(
      "closed",
    );
  });
});

describe("mayVisitAt", () => {
  it("takes unknown hours as open only from 09:00 to 18:00", () => {
    expect(mayVisitAt(null, at("2026-12-29", "08:59"))).toBe(false);
    expect(mayVisitAt(null, at("2026-12-29", "09:00"))).toBe(true);
    expect(mayVisitAt(null, at("2026-12-29", "17:59"))).toBe(true);
    expect(mayVisitAt(null, at("2026-12-29", "18:00"))).toBe(false);
    expect(mayVisitAt("24/7", at("2026-12-29", "03:00"))).toBe(true);
    expect(mayVisitAt("Mo off", at("2026-12-28", "12:00"))).toBe(false);
  });
});

describe("openIntervalsOn and formatHoursOn", () => {
  it("lists the day's openings", () => {
    expect(openIntervalsOn("Mo-Fr 09:00-18:00", { ...paris, localDate: "2026-12-29" })).toEqual([
      { from: "09:00", to: "18:00", nextDay: false, unknown: false },
    ]);
    expect(formatHoursOn("Mo-Fr 09:00-18:00", { ...paris, localDate: "2026-12-29" })).toBe(
      "Open 09:00–18:00 on Tue 29 Dec",
    );
    expect(formatHoursOn("12:00-15:00,19:00-23:30", { ...paris, localDate: "2026-12-29" })).toBe(
      "Open 12:00–15:00 and 19:00–23:30 on Tue 29 Dec",
    );
  });

  it("gives a night that runs past midnight to the day it starts", () => {
    expect(openIntervalsOn("07:30-01:30", { ...paris, localDate: "2026-12-29" })).toEqual([
      { from: "07:30", to: "01:30", nextDay: true, unknown: false },
    ]);
    expect(formatHoursOn("07:30-01:30", { ...paris, localDate: "2026-12-29" })).toBe(
      "Open 07:30–01:30 on Tue 29 Dec",
    );
    expect(formatHoursOn("Mo-Su 10:00-24:00", { ...paris, localDate: "2026-12-29" })).toBe(
      "Open 10:00–24:00 on Tue 29 Dec",
    );
  });

  it("says closed, 24 hours and unknown in words", () => {
    expect(formatHoursOn("Tu-Su 09:30-18:00; Mo off", { ...paris, localDate: "2026-12-28" })).toBe(
      "Closed on Mon 28 Dec",
    );
    expect(formatHoursOn("Mo-Su 09:00-18:00; PH off", { ...paris, localDate: "2026-12-25" })).toBe(
      "Closed on Fri 25 Dec",
    );
    expect(formatHoursOn("24/7", { ...paris, localDate: "2026-12-29" })).toBe(
      "Open 24 hours on Tue 29 Dec",
    );
    expect(formatHoursOn(null, { ...paris, localDate: "2026-12-29" })).toBe("Hours unknown");
    expect(openIntervalsOn("not hours", { ...paris, localDate: "2026-12-29" })).toBeNull();
  });
});

describe("wallClockIn", () => {
  it("gives the destination's date and time at an instant", () => {
    const instant = Date.UTC(2026, 11, 29, 23, 30); // 23:30 UTC
    expect(wallClockIn(instant, "Europe/Paris")).toEqual({
      localDate: "2026-12-30",
      localTime: "00:30",
    });
    expect(wallClockIn(instant, "America/New_York")).toEqual({
      localDate: "2026-12-29",
      localTime: "18:30",
    });
    expect(wallClockIn(instant, "Not/AZone")).toEqual({
      localDate: "2026-12-29",
      localTime: "23:30",
    });
  });
});
