import { Link } from "#web/lib/router/link.tsx";
import { useNavigate, useSearchParams } from "#web/lib/router/location.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { AUTH_MESSAGES } from "#web/features/auth/auth-errors.ts";
import { AuthCard, linkClass } from "#web/features/auth/components/auth-card.tsx";
import { FormError } from "#web/features/auth/components/form-error.tsx";
import { UpdatePasswordForm } from "#web/features/auth/components/update-password-form.tsx";

/** The target of the reset e-mail's link: /update-password?token=… (or ?error=INVALID_TOKEN). */
export function UpdatePasswordRoute() {
  usePageTitle("Update password");
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  if (!token || linkError) {
    return (
      <AuthCard title="Update password">
        <FormError
          message={
            linkError
              ? AUTH_MESSAGES.resetLinkInvalid
              : "Open this page from the link in your password reset e-mail."
          }
        />
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className={linkClass}>
            Request a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }
  const onUpdated = async () => {
    await auth.refresh();
    navigate("/", { replace: true });
  };
  return (
    <AuthCard title="Update password" intro="Choose a new password for your account.">
      <UpdatePasswordForm token={token} onUpdated={onUpdated} />
    </AuthCard>
  );
}
