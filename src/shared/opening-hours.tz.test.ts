import { describe, expect, it } from "vitest";
import { runInZone } from "#tests/support/run-in-zone.ts";

/** The probe's answers (tests/support/opening-hours-probe.ts) in a process whose zone is `tz`. */
async function answersIn(tz: string) {
  const stdout = await runInZone("tests/support/opening-hours-probe.ts", tz);
  return JSON.parse(stdout) as Record<string, unknown> & { zone: string };
}

describe("opening hours whatever the server's time zone", () => {
  it("answers the same in UTC, Los Angeles and Kiritimati (UTC+14)", async () => {
    const zones = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"];
    const runs = await Promise.all(zones.map(answersIn));
    // The child processes really ran in those zones.
    expect(runs.map((r) => r.zone)).toEqual(zones);
    const expected = {
      openLate: "open",
      closedEarly: "closed",
      mondayOff: "closed",
      christmas: "closed",
      springForward: "open",
      beforeOpening: "closed",
      intervals: [{ from: "07:30", to: "01:30", nextDay: true, unknown: false }],
      text: "Open 09:00–18:00 on Tue 29 Dec",
    };
    for (const { zone: _zone, ...answers } of runs) expect(answers).toEqual(expected);
  }, 60_000);
});
