import { Link } from "#web/lib/router/link.tsx";
import { useSendVerificationEmail } from "../api/send-verification-email.ts";
import { AUTH_MESSAGES } from "../auth-errors.ts";
import type { AuthUser } from "../auth-context.ts";
import { Button } from "#web/components/ui/button.tsx";
import { linkClass } from "./auth-card.tsx";
import { FormError } from "./form-error.tsx";
import { setPasswordPath } from "./verified-signed-out-panel.tsx";

// A Map, not an object: `?error=__proto__` or `?error=constructor` must not find inherited keys.
const LINK_ERRORS = new Map<string, string>([
  ["TOKEN_EXPIRED", AUTH_MESSAGES.verifyLinkExpired],
  ["INVALID_TOKEN", AUTH_MESSAGES.verifyLinkInvalid],
]);

/**
 * A verification link opened in a browser signed in as someone else verifies that address but
 * keeps this session (no login CSRF); the server says so with `?verified=other`. That account's
 * sign-up password no longer works, so `?token=` offers setting a new one.
 */
function OtherAccountVerified({ email, resetToken }: { email: string; resetToken: string | null }) {
  return (
    <div role="status" className="bg-brand-50 space-y-2 rounded-md p-4 text-slate-800">
      <p>
        The e-mail address from that link is now verified. You are still signed in as{" "}
        <strong>{email}</strong>; to use that account, sign out and log in to it.
      </p>
      {resetToken ? (
        <p>
          Its password chosen at sign-up no longer works:{" "}
          <Link to={setPasswordPath(resetToken)} className={linkClass}>
            set a new password for that account
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}

/** Where the user waits for (and returns from) the verification link. */
export function VerifyEmailPanel({
  user,
  linkError,
  verified,
  resetToken = null,
  returnTo,
}: {
  user: AuthUser;
  linkError: string | null;
  /** `?verified=` from the link's redirect: whose address it verified. */
  verified?: string | null;
  /** `?token=`: a one-time token to set that account's password (the reset flow). */
  resetToken?: string | null;
  /** Where the traveller came from (an invitation, Home's plan form): Continue goes back there. */
  returnTo?: string;
}) {
  const resend = useSendVerificationEmail(returnTo);
  const other =
    verified === "other" ? (
      <OtherAccountVerified email={user.email} resetToken={resetToken} />
    ) : null;
  if (user.emailVerified) {
    return (
      <div className="space-y-4">
        {other}
        <p
          role={other ? undefined : "status"}
          className="bg-brand-50 rounded-md p-4 text-slate-800"
        >
          Your e-mail address <strong>{user.email}</strong> is verified.
        </p>
        <Link to={returnTo ?? "/"} className={linkClass}>
          Continue
        </Link>
      </div>
    );
  }
  const linkMessage = linkError
    ? (LINK_ERRORS.get(linkError) ?? AUTH_MESSAGES.verifyLinkInvalid)
    : null;
  return (
    <div className="space-y-4">
      {other}
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
      {/* The account works before the address is confirmed: the traveller need not wait here. */}
      <Link to="/" className={linkClass}>
        Continue
      </Link>
    </div>
  );
}
