import { Link } from "#web/lib/router/link.tsx";
import { Navigate, useSearchParams } from "#web/lib/router/location.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { returnTarget } from "#web/features/auth/return-target.ts";
import { oauthErrorMessage } from "#web/features/auth/auth-errors.ts";
import { AuthCard, linkClass } from "#web/features/auth/components/auth-card.tsx";
import { FormError } from "#web/features/auth/components/form-error.tsx";
import { LoginForm } from "#web/features/auth/components/login-form.tsx";
import { OrDivider } from "#web/features/auth/components/or-divider.tsx";
import { SocialButtons } from "#web/features/auth/components/social-buttons.tsx";
import { usePublicConfig } from "#web/lib/get-public-config.ts";

export function LoginRoute() {
  usePageTitle("Login");
  const auth = useAuth();
  const config = usePublicConfig();
  const [params] = useSearchParams();
  const from = params.get("from");
  const oauthError = params.get("error");
  const target = returnTarget(from);
  // Signed in already, or just now: back to the guarded page they came from, or home.
  if (auth.status === "signed-in") return <Navigate to={target} replace />;
  // An invitation's page sends its address along, so it is filled in on either form.
  const email = params.get("email") ?? "";
  const carry = email ? `&email=${encodeURIComponent(email)}` : "";
  const signupHref = from ? `/signup?from=${encodeURIComponent(target)}${carry}` : "/signup";
  return (
    <AuthCard
      title="Login"
      intro={
        <>
          New to Boundless?{" "}
          <Link to={signupHref} className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      {oauthError ? <FormError message={oauthErrorMessage(oauthError)} /> : null}
      <SocialButtons providers={config.data?.providers} returnTo={target} />
      <OrDivider />
      <LoginForm onSignedIn={auth.refresh} email={email} />
    </AuthCard>
  );
}
