import { useParams } from "#web/lib/router/location.tsx";
import { tripDetailKey } from "#web/lib/trip/trip-query-keys.ts";
import { RequireAuth } from "#web/app/route-guard.tsx";
import type { Trip } from "#shared/schemas/trip.ts";
import { AddBookings } from "#web/features/bookings/components/add-bookings.tsx";
import { useMembers } from "#web/features/companions/api/get-members.ts";
import { PeoplePanel } from "#web/features/companions/components/people-panel.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { PlaceCombobox } from "#web/features/place-search/components/place-combobox.tsx";
import { MoneyTab } from "#web/features/money/components/money-tab.tsx";
import { PackingTab } from "#web/features/packing/components/packing-tab.tsx";
import { IdeasTab } from "#web/features/ideas/components/ideas-tab.tsx";
import { MoveToIdeas } from "#web/features/ideas/components/move-to-ideas.tsx";
import { useIdeas } from "#web/features/ideas/api/get-ideas.ts";
import type { MapSlotContext } from "#web/lib/trip/trip-slots.ts";
import { useCreateIdea } from "#web/features/ideas/api/create-idea.ts";
import { ActivityMapTools } from "#web/features/trip-map/components/activity-map-tools.tsx";
import { TripMap } from "#web/features/trip-map/components/trip-map.tsx";
import { DayWeather } from "#web/features/trip-weather/components/day-weather.tsx";
import { TripDetailView } from "#web/features/trips/components/trip-detail-view.tsx";
import { PlacesIoTools } from "#web/features/places-io/components/places-io-tools.tsx";
import { DirectionsLink, OpenInMaps } from "#web/features/places-io/components/open-in-maps.tsx";
import { useQueryClient } from "@tanstack/react-query";

/** The Money tab with the trip's members (who pays, who shares), from the people feature's query. */
function TripMoney({ trip, userId }: { trip: Trip; userId: string | undefined }) {
  const members = useMembers(trip.id);
  return (
    <MoneyTab
      trip={trip}
      members={members.data?.members ?? []}
      userId={userId}
      canEdit={trip.role !== "viewer"}
    />
  );
}

/** The Packing tab with the trip's members (whom a shared item is assigned to). */
function TripPacking({ trip, userId }: { trip: Trip; userId: string }) {
  const members = useMembers(trip.id);
  return (
    <PackingTab
      tripId={trip.id}
      userId={userId}
      canEdit={trip.role !== "viewer"}
      members={members.data?.members ?? []}
    />
  );
}

/** The day's map with the group's ideas that have a place (not planned, not dismissed) pinned. */
function TripMapWithIdeas({ tripId, context }: { tripId: string; context: MapSlotContext }) {
  const ideas = useIdeas(tripId);
  const create = useCreateIdea(tripId);
  // The editor's page (owner and editors) places stops by hand: it adds ideas from a click too.
  const addIdea = context.placeActivity
    ? (point: { lat: number; lng: number }, title: string) =>
        create.mutateAsync({
          title,
          place: { name: title, lat: point.lat, lng: point.lng, osmId: null, openingHours: null },
        })
    : undefined;
  const pins = (ideas.data ?? []).flatMap((i) =>
    i.status === "idea" && i.place
      ? [{ id: i.id, name: i.title, lat: i.place.lat, lng: i.place.lng }]
      : [],
  );
  return <TripMap {...context} tripId={tripId} ideas={pins} addIdea={addIdea} />;
}

export function TripDetailRoute() {
  const { id = "" } = useParams();
  const auth = useAuth();
  const queryClient = useQueryClient();
  return (
    <RequireAuth>
      {/* Keyed by id: moving between trips starts from Day 1 with fresh dialogs and notices. */}
      <TripDetailView
        key={id}
        id={id}
        slots={{
          renderDayExtras: (day, actions) => (
            <>
              <DayWeather tripId={id} day={day} onRegenerate={actions?.regenerate} />
              <OpenInMaps day={day} label={day.date} />
            </>
          ),
          renderMap: (context) => <TripMapWithIdeas tripId={id} context={context} />,
          renderActivityExtras: (activity, _day, actions) => (
            <>
              {actions ? (
                <MoveToIdeas tripId={id} activity={activity} onMoved={actions.remove} />
              ) : null}
              <ActivityMapTools activity={activity} canPlace />
              <DirectionsLink activity={activity} />
            </>
          ),
          renderLocationField: (props) => <PlaceCombobox tripId={id} {...props} />,
          renderPeople: (trip) => (
            <PeoplePanel tripId={trip.id} role={trip.role} userId={auth.user?.id} />
          ),
          renderBookings: (trip, accept, options) => (
            <AddBookings trip={trip} onAccept={accept} openRequest={options?.openRequest} />
          ),
          renderMoney: (trip) => <TripMoney trip={trip} userId={auth.user?.id} />,
          renderPacking: (trip) =>
            auth.user ? <TripPacking trip={trip} userId={auth.user.id} /> : null,
          renderIdeas: (trip) => (
            <IdeasTab
              trip={trip}
              userId={auth.user?.id}
              renderPlaceField={(props) => <PlaceCombobox tripId={id} {...props} />}
            />
          ),
          renderPlacesIo: (trip) => (
            <PlacesIoTools
              trip={trip}
              onApplied={() => void queryClient.invalidateQueries({ queryKey: tripDetailKey(id) })}
            />
          ),
        }}
      />
    </RequireAuth>
  );
}
