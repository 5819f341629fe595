import { useSearchParams } from "#web/lib/router/location.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { VerifiedSignedOutPanel } from "#web/features/auth/components/verified-signed-out-panel.tsx";
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
        resetToken={params.get("token")}
      />
    </AuthCard>
  );
}

export function VerifyEmailRoute() {
  usePageTitle("Verify your e-mail");
  const auth = useAuth();
  const [params] = useSearchParams();
  // Back from a verification link that verified but signed nobody in: say so here rather than
  // sending the visitor to /login with no word about the address.
  if (auth.status === "signed-out" && params.get("verified") !== null) {
    return (
      <AuthCard title="Verify your e-mail">
        <VerifiedSignedOutPanel resetToken={params.get("token")} />
      </AuthCard>
    );
  }
  return (
    <RequireAuth>
      <VerifyEmail />
    </RequireAuth>
  );
}
