import { useSearchParams } from "react-router";
import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { VerifyEmailPanel } from "#web/features/auth/components/verify-email-panel.tsx";

function VerifyEmail() {
  const auth = useAuth();
  const [params] = useSearchParams();
  if (auth.status !== "signed-in") return null;
  return (
    <AuthCard title="Verify your e-mail">
      <VerifyEmailPanel
        user={auth.user}
        linkError={params.get("error")}
        verified={params.get("verified")}
      />
    </AuthCard>
  );
}

export function VerifyEmailRoute() {
  usePageTitle("Verify your e-mail");
  return (
    <RequireAuth>
      <VerifyEmail />
    </RequireAuth>
  );
}
