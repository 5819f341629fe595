import { usePageTitle } from "#web/components/page-title.tsx";

// Replaced by its feature issue; registered now so the route table is complete.
export function LoginRoute() {
  usePageTitle("Login");
  return <h1 className="text-2xl font-bold">Login</h1>;
}
