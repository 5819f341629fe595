import { lazy, Suspense } from "react";
import { useSearchParams } from "#web/lib/router/location.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { PlanTripSection } from "#web/features/plan-trip/components/plan-trip-section.tsx";

// Only signed-in visitors can import bookings: the first view of Home does not carry it.
const HomeAddBookings = lazy(async () => ({
  default: (await import("#web/app/home-add-bookings.tsx")).HomeAddBookings,
}));

// The same for saved places: the button's chunk comes only for signed-in visitors.
const StartFromSavedPlaces = lazy(async () => ({
  default: (await import("#web/features/places-io/components/start-from-saved-places.tsx"))
    .StartFromSavedPlaces,
}));

const BLURBS = [
  ["Smart Itineraries", "A day-by-day plan built around your dates, budget and interests."],
  ["Local Insights", "Places and experiences chosen for the destination, not a generic list."],
  ["Real-Time Planning", "Watch your plan take shape day by day as it is generated."],
] as const;

export function HomeRoute() {
  usePageTitle("");
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  return (
    <>
      <section className="bg-brand-700 rounded-2xl px-6 py-12 text-white">
        <h1 className="text-3xl font-bold sm:text-4xl">Your next trip, planned in minutes</h1>
        <p className="text-brand-50 mt-3 max-w-2xl">
          Tell us where and when. Boundless drafts the days.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {BLURBS.map(([title, body]) => (
            <li key={title} className="bg-brand-800 rounded-lg p-4">
              <h2 className="font-semibold">{title}</h2>
              <p className="text-brand-50 mt-1 text-sm">{body}</p>
            </li>
          ))}
        </ul>
      </section>
      {auth.status === "signed-in" ? (
        <Suspense fallback={null}>
          <HomeAddBookings />
        </Suspense>
      ) : null}
      {auth.status === "signed-in" ? (
        <Suspense fallback={null}>
          <StartFromSavedPlaces />
        </Suspense>
      ) : null}
      <PlanTripSection authStatus={auth.status} tripId={searchParams.get("tripId")} />
    </>
  );
}
