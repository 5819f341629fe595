import { usePageTitle } from "#web/components/page-title.tsx";

// Replaced by its feature issue; registered now so the route table is complete.
export function UpdatePasswordRoute() {
  usePageTitle("Set a new password");
  return <h1 className="text-2xl font-bold">Set a new password</h1>;
}
