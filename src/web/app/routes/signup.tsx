import { useState } from "react";
import { Link } from "#web/lib/router/link.tsx";
import { Navigate, useNavigate, useSearchParams } from "#web/lib/router/location.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { returnTarget } from "#web/features/auth/return-target.ts";
import { verifyEmailPath } from "#web/features/auth/auth-paths.ts";
import { AuthCard, linkClass } from "#web/features/auth/components/auth-card.tsx";
import { OrDivider } from "#web/features/auth/components/or-divider.tsx";
import { SignupForm } from "#web/features/auth/components/signup-form.tsx";
import { SocialButtons } from "#web/features/auth/components/social-buttons.tsx";
import { usePublicConfig } from "#web/lib/get-public-config.ts";

export function SignupRoute() {
  usePageTitle("Sign Up");
  const auth = useAuth();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get("from");
  const target = returnTarget(from);
  const email = params.get("email") ?? "";
  // Set once sign-up succeeds, so the new session sends them on to /verify-email, not to `target`.
  const [signedUp, setSignedUp] = useState(false);
  if (auth.status === "signed-in" && !signedUp) return <Navigate to={target} replace />;
  const onSignedUp = async () => {
    setSignedUp(true);
    await auth.refresh();
    // From an invitation, back to it (it asks for the verification the mail just sent);
    // otherwise to the page that says a verification link was sent.
    navigate(target.startsWith("/invites/") ? target : verifyEmailPath(from ? target : undefined), {
      replace: true,
    });
  };
  return (
    <AuthCard
      title="Sign Up"
      intro={
        <>
          Already have an account?{" "}
          <Link
            to={
              from
                ? `/login?from=${encodeURIComponent(target)}${email ? `&email=${encodeURIComponent(email)}` : ""}`
                : "/login"
            }
            className={linkClass}
          >
            Log in
          </Link>
        </>
      }
    >
      <SocialButtons providers={config.data?.providers} returnTo={target} />
      <OrDivider />
      <SignupForm onSignedUp={onSignedUp} email={email} returnTo={from ? target : undefined} />
    </AuthCard>
  );
}
