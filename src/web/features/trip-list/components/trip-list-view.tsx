import { useCallback } from "react";
import { Link } from "#web/lib/router/link.tsx";
import { useSearchParams } from "#web/lib/router/location.tsx";
import { MESSAGES } from "#shared/messages.ts";
import { DEFAULT_TRIP_SORT } from "#shared/constants.ts";
import { Button, buttonStyles } from "#web/components/ui/button.tsx";
import { useDeferredFirstData } from "#web/lib/deferred-first-data.ts";
import { usePageShellRelease } from "#web/lib/page-shell.ts";
import { useTrips } from "../api/get-trips.ts";
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  useUrlFilters,
  type FilterKey,
} from "../filters-url.ts";
import { RecentlyDeleted } from "./recently-deleted.tsx";
import { TripCard } from "./trip-card.tsx";
import { TripFilters } from "./trip-filters.tsx";

/** My Trips: filters in the URL, cards, paging on demand, and every empty and failed state. */
export function TripListView() {
  const [params, setParams] = useSearchParams();
  const read = useUrlFilters(params);
  // An impossible filter (min above max) is shown, not sent: the list query waits for valid ones.
  const ok = read.status === "ok";
  const query = useTrips(ok ? read.filters : DEFAULT_FILTERS, ok);
  const filtered = hasActiveFilters(params);

  const setFilter = (key: FilterKey, value: string, options: { typing: boolean }) => {
    const next = new URLSearchParams(params);
    if (value.trim() === "" || (key === "sort" && value === DEFAULT_TRIP_SORT)) next.delete(key);
    else next.set(key, value);
    // Typing replaces the entry (no history per keystroke); a chosen option is a step back can undo.
    setParams(next, { replace: options.typing });
  };
  const clearFilters = () => {
    const next = new URLSearchParams();
    const sort = params.get("sort");
    if (sort) next.set("sort", sort);
    setParams(next);
  };

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  // More trips load when the Load more button scrolls into view (and on click, for everyone).
  const sentinel = useCallback(
    (element: HTMLElement | null) => {
      // After a failed page, only an explicit click retries (no automatic loop).
      if (!element || !hasNextPage || isFetchNextPageError) return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError],
  );

  const data = useDeferredFirstData(query.data);
  // The server's shell shows what this view's first render does: the heading, then "Loading...".
  usePageShellRelease(true);
  const trips = data?.pages.flatMap((page) => page.trips) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <TripListHeading />
      <TripFilters params={params} onChange={setFilter} />

      {read.status === "invalid" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{read.message}</p>
          <ClearButton onClick={clearFilters} />
        </div>
      ) : read.status === "failed" ? (
        <LoadFailed onRetry={read.retry} />
      ) : read.status === "loading" || query.isPending || (query.data && !data) ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : query.isError && trips.length === 0 ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : trips.length === 0 ? (
        filtered ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
            <p className="text-lg">{MESSAGES.noTripsMatch}</p>
            <ClearButton onClick={clearFilters} />
          </div>
        ) : (
          <div className="bg-brand-50 rounded-xl p-8 text-center">
            <h2 className="text-xl font-semibold">No trips yet</h2>
            <p className="mt-2 text-slate-700">
              Where to first? Tell us a destination, your dates and a budget, and we will draft the
              days for you.
            </p>
            <Link to="/" className={`${buttonStyles()} mt-4 inline-block`}>
              Plan your first trip
            </Link>
          </div>
        )
      ) : (
        <>
          <p role="status" className="sr-only">
            {`${trips.length} ${trips.length === 1 ? "trip" : "trips"} shown`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {trips.map((trip) => (
              <li key={trip.id}>
                <TripCard trip={trip} />
              </li>
            ))}
          </ul>
          {isFetchNextPageError ? (
            <p role="alert" className="text-red-800">
              {MESSAGES.loadTripsFailed}
            </p>
          ) : null}
          {hasNextPage ? (
            <Button
              ref={sentinel}
              className="self-center"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          ) : null}
        </>
      )}
      <RecentlyDeleted />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">{MESSAGES.loadTripsFailed}</p>
      <Button className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function ClearButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick} className="mt-4">
      Clear Filters
    </Button>
  );
}

/** The page's heading row; also in the server's page shell of /trips (app/page-shell.tsx). */
export function TripListHeading() {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-3xl font-bold">My Trips</h1>
      <Link to="/" className={buttonStyles()}>
        Plan a new trip
      </Link>
    </div>
  );
}
