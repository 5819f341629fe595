import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import { ConsentPanel } from "#web/features/assistants/components/consent-panel.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { useLocation } from "#web/lib/router/location.tsx";

function SignedInConsent() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status !== "signed-in") return null;
  return <ConsentPanel search={location.search} email={auth.user.email} />;
}

/** Where Better Auth's authorize step sends the traveller (signed out: through /login and back). */
export function OAuthConsentRoute() {
  usePageTitle("Connect an assistant");
  return (
    <RequireAuth>
      <SignedInConsent />
    </RequireAuth>
  );
}
