import { Link } from "#web/lib/router/link.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";

export function AboutRoute() {
  usePageTitle("About");
  return (
    <article className="prose max-w-2xl">
      <h1 className="text-3xl font-bold">About Boundless</h1>
      <p className="mt-4 text-slate-700">
        Boundless turns a destination, your dates, a budget and what you love into a day-by-day plan
        you can keep, search and share. It was built for travellers who would rather spend their
        evenings looking forward to a trip than juggling twenty browser tabs.
      </p>
      <p className="mt-4 text-slate-700">
        Your plans are yours: only you can see your trips until you choose to share one, and you can
        stop sharing at any time.
      </p>
      <p className="mt-6">
        <Link className="text-brand-800 font-medium underline" to="/">
          Plan a trip
        </Link>
      </p>
    </article>
  );
}
