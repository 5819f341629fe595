import { Link } from "#web/lib/router/link.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";

export function NotFoundRoute() {
  usePageTitle("Page not found");
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <Link to="/" className="bg-brand-700 mt-6 inline-block rounded-md px-4 py-2 text-white">
        Back to home
      </Link>
    </section>
  );
}
