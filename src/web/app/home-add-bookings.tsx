import { lazy, Suspense } from "react";
import { AddBookingsToggle } from "#web/features/bookings/components/add-bookings-toggle.tsx";
import { useProfilePreferences } from "#web/features/plan-trip/api/get-profile-preferences.ts";

/**
 * The Home panel with the profile's style and interests: the bookings feature does not read the
 * profile itself (features never import each other), and the query is the plan form's, cached once.
 */
function HomeBookingsPanel({ onClose }: { onClose: () => void }) {
  const preferences = useProfilePreferences(true);
  return (
    <NewTripBookingsPanel
      preferences={
        preferences.data && {
          travelStyle: preferences.data.preferredTravelStyle,
          interests: preferences.data.interests,
        }
      }
      onClose={onClose}
    />
  );
}

// The panel (with the shared schemas) comes when opened: Home's first view does not carry it.
const NewTripBookingsPanel = lazy(async () => ({
  default: (await import("#web/features/bookings/components/new-trip-bookings-panel.tsx"))
    .NewTripBookingsPanel,
}));

/** "Add bookings" on Home, for signed-in visitors: a new trip from confirmation e-mails and files. */
export function HomeAddBookings() {
  return (
    <div className="mt-6 flex flex-col gap-2">
      <p className="text-slate-700">
        Already booked? Start a trip from confirmation e-mails and calendar files.
      </p>
      <AddBookingsToggle
        renderPanel={(close) => (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <HomeBookingsPanel onClose={close} />
          </Suspense>
        )}
      />
    </div>
  );
}
