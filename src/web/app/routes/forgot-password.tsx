import { usePageTitle } from "#web/components/page-title.tsx";

// Replaced by its feature issue; registered now so the route table is complete.
export function ForgotPasswordRoute() {
  usePageTitle("Forgot password");
  return <h1 className="text-2xl font-bold">Forgot password</h1>;
}
