import { Link } from "#web/lib/router/link.tsx";
import { MESSAGES } from "#shared/messages.ts";

/** The one answer for a missing trip, someone else's trip, or a link that is no longer shared. */
export function TripNotFound({ action }: { action: { to: string; label: string } }) {
  return (
    <section className="py-12 text-center">
      <h1 className="text-2xl font-bold">{MESSAGES.tripNotFound}</h1>
      <p className="mt-2 text-slate-600">
        It may have been deleted, or the link is no longer shared.
      </p>
      <Link
        to={action.to}
        className="bg-brand-700 hover:bg-brand-800 mt-6 inline-block rounded-md px-4 py-2 font-medium text-white"
      >
        {action.label}
      </Link>
    </section>
  );
}
