import { Link } from "react-router";

const actionClass =
  "rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100";

/**
 * "Add to calendar" downloads the trip as an .ics file (one event per activity, in the destination's
 * time zone); "Print" opens a clean printable layout (also "Save as PDF" in the browser's dialog).
 */
export function TakeAlongLinks({
  calendarHref,
  printTo,
}: {
  calendarHref: string;
  printTo: string;
}) {
  return (
    <>
      <a href={calendarHref} download className={actionClass}>
        Add to calendar
      </a>
      <Link to={printTo} className={actionClass}>
        Print
      </Link>
    </>
  );
}
