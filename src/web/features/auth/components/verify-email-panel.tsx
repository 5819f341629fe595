import { Link } from "react-router";
import { useSendVerificationEmail } from "../api/send-verification-email.ts";
import { AUTH_MESSAGES } from "../auth-errors.ts";
import type { AuthUser } from "../auth-context.ts";
import { Button } from "#web/components/ui/button.tsx";
import { linkClass } from "./auth-card.tsx";
import { FormError } from "./form-error.tsx";

const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: AUTH_MESSAGES.verifyLinkExpired,
  INVALID_TOKEN: AUTH_MESSAGES.verifyLinkInvalid,
};

/** Where the user waits for (and returns from) the verification link. */
export function VerifyEmailPanel({
  user,
  linkError,
}: {
  user: AuthUser;
  linkError: string | null;
}) {
  const resend = useSendVerificationEmail();
  if (user.emailVerified) {
    return (
      <div role="status" className="space-y-4">
        <p className="bg-brand-50 rounded-md p-4 text-slate-800">
          Your e-mail address <strong>{user.email}</strong> is verified.
        </p>
        <Link to="/" className={linkClass}>
          Start planning a trip
        </Link>
      </div>
    );
  }
  const linkMessage = linkError
    ? (LINK_ERRORS[linkError] ?? AUTH_MESSAGES.verifyLinkInvalid)
    : null;
  return (
    <div className="space-y-4">
      <p className="text-slate-800">
        We sent a verification link to <strong>{user.email}</strong>. Open it to confirm your
        address.
      </p>
      {linkMessage && !resend.isSuccess ? <FormError message={linkMessage} /> : null}
      <Button block disabled={resend.isPending} onClick={() => resend.mutate(user.email)}>
        {resend.isPending ? "Sending..." : "Resend Verification Email"}
      </Button>
      {resend.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          A new verification e-mail is on its way.
        </p>
      ) : null}
      <FormError message={resend.error?.message} />
    </div>
  );
}
