import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/components/route-guard.tsx";

// Replaced by the accounts issue; registered now so the route table and guard are complete.
export function VerifyEmailRoute() {
  usePageTitle("Verify your e-mail");
  return (
    <RequireAuth>
      <h1 className="text-2xl font-bold">Verify your e-mail</h1>
    </RequireAuth>
  );
}
