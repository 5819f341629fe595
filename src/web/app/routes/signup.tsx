import { usePageTitle } from "#web/components/page-title.tsx";

// Replaced by its feature issue; registered now so the route table is complete.
export function SignupRoute() {
  usePageTitle("Sign Up");
  return <h1 className="text-2xl font-bold">Sign Up</h1>;
}
