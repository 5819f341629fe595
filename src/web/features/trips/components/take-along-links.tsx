import { Link } from "#web/lib/router/link.tsx";
import { buttonStyles } from "#web/components/ui/button.tsx";

const actionClass = buttonStyles({ variant: "secondary" });

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
