import { usePageTitle } from "#web/components/page-title.tsx";

// Replaced by its feature issue; registered now so the route table is complete.
export function SharedTripRoute() {
  usePageTitle("Shared trip");
  return <h1 className="text-2xl font-bold">Shared trip</h1>;
}
