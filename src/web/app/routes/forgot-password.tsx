import { Link } from "#web/lib/router/link.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { AuthCard, linkClass } from "#web/features/auth/components/auth-card.tsx";
import { ForgotPasswordForm } from "#web/features/auth/components/forgot-password-form.tsx";

export function ForgotPasswordRoute() {
  usePageTitle("Forgot password");
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the e-mail address of your account and we will send you a link to set a new password."
    >
      <ForgotPasswordForm />
      <p className="mt-6 text-sm">
        <Link to="/login" className={linkClass}>
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
