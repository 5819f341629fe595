// Run in a child process with its own TZ (opening-hours.tz.test.ts): prints what the opening-hours
// evaluation says for a fixed set of questions, so runs under different server zones can be compared.
import { formatHoursOn, isOpenAt, openIntervalsOn } from "../../src/shared/opening-hours.ts";

const paris = { countryCode: "fr", lat: 48.8566, lng: 2.3522 };
const answers = {
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  openLate: isOpenAt("07:30-01:30", { ...paris, localDate: "2026-12-30", localTime: "00:30" }),
  closedEarly: isOpenAt("07:30-01:30", { ...paris, localDate: "2026-12-30", localTime: "02:00" }),
  mondayOff: isOpenAt("Tu-Su 09:30-18:00; Mo off", {
    ...paris,
    localDate: "2026-12-28",
    localTime: "12:00",
  }),
  christmas: isOpenAt("Mo-Su 09:00-18:00; PH off", {
    ...paris,
    localDate: "2026-12-25",
    localTime: "12:00",
  }),
  // 2027-03-28 is the night the clocks go forward in Paris (02:00 → 03:00).
  springForward: isOpenAt("Mo-Su 08:00-20:00", {
    ...paris,
    localDate: "2027-03-28",
    localTime: "08:30",
  }),
  beforeOpening: isOpenAt("Mo-Fr 10:00-18:00", {
    ...paris,
    localDate: "2026-12-29",
    localTime: "09:59",
  }),
  intervals: openIntervalsOn("07:30-01:30", { ...paris, localDate: "2026-12-29" }),
  text: formatHoursOn("Mo-Fr 09:00-18:00; PH off", { ...paris, localDate: "2026-12-29" }),
};
process.stdout.write(JSON.stringify(answers));
