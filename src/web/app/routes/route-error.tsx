import { Component, type ErrorInfo, type ReactNode } from "react";
import { releasePageShell } from "#web/lib/page-shell.ts";

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Catches a page that fails to render or to load its chunk; the layout keys it by path. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept for whoever opens the console; the page shows a short message.
    console.warn("Page error", error, info.componentStack);
    // The message must be seen, not the server's page shell above it (lib/page-shell.ts).
    releasePageShell();
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        {/* A stale chunk after a deploy is the usual cause; a reload fetches the new one. */}
        <p className="mt-2 text-slate-600">
          This page could not be shown. Reloading usually helps.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            className="bg-brand-700 rounded-md px-4 py-2 text-white"
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <a className="rounded-md border border-slate-300 px-4 py-2" href="/">
            Home
          </a>
        </div>
      </section>
    );
  }
}
