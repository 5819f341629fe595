import { Navigate, useSearchParams } from "#web/lib/router/location.tsx";
import { returnTarget } from "#web/features/auth/return-target.ts";
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
  const from = params.get("from");
  const returnTo = from ? returnTarget(from) : undefined;
  // Back from the link that verified this very account: straight on to where they came from
  // (the invitation, or Home where the plan form's answers wait), in whichever tab it opened.
  if (returnTo && auth.user.emailVerified && params.get("verified") === "self")
    return <Navigate to={returnTo} replace />;
  return (
    <AuthCard title="Verify your e-mail">
      <VerifyEmailPanel
        user={auth.user}
        linkError={params.get("error")}
        verified={params.get("verified")}
        resetToken={params.get("token")}
        {...(returnTo ? { returnTo } : {})}
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
