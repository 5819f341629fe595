import type { ReactNode } from "react";
import { TripListHeading } from "#web/features/trip-list/components/trip-list-view.tsx";
import { PAGE_SHELL_ID } from "#web/lib/page-shell.ts";
import { TopBarView } from "./layout.tsx";

/**
 * Signed-in page shells (lib/page-shell.ts): the top of `/trips` and of a trip's page as static
 * HTML, rendered once by the prerenderer (prerender.tsx) and sent by the server, which fills in the
 * trip's destination for its owner only (server/static.ts). Never hydrated: the app renders in
 * `#root` and removes the shell when its own page can take over.
 */
function PageShell({ children }: { children: ReactNode }) {
  return (
    <div id={PAGE_SHELL_ID} aria-busy="true" className="flex min-h-screen flex-col">
      <TopBarView status="signed-in" />
      <div className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-6xl flex-1 px-4 pt-8 pb-24 sm:pb-8">
        {children}
      </div>
    </div>
  );
}

const Loading = () => (
  <p role="status" className="text-slate-600">
    Loading...
  </p>
);

export function TripsPageShell() {
  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <TripListHeading />
        <Loading />
      </div>
    </PageShell>
  );
}

/** `destination` is a placeholder that the server replaces with the trip's, HTML-escaped. */
export function TripPageShell({ destination }: { destination: string }) {
  // As the trip editor's top (features/trips/editor/trip-editor.tsx, trip-editor-header.tsx) before its facts.
  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <a href="/trips" className="text-brand-800 w-fit text-sm hover:underline">
          ← My Trips
        </a>
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h1 className="text-3xl font-bold break-words">{destination}</h1>
          <Loading />
        </div>
      </div>
    </PageShell>
  );
}
