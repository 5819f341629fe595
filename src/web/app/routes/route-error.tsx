import { Link, useRouteError } from "react-router";

export function RouteError() {
  const error = useRouteError();
  // A stale chunk after a deploy is the usual cause; a reload fetches the new one.
  const message = error instanceof Error ? error.message : "Unexpected error";
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          className="bg-brand-700 rounded-md px-4 py-2 text-white"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link className="rounded-md border border-slate-300 px-4 py-2" to="/">
          Home
        </Link>
      </div>
    </main>
  );
}
