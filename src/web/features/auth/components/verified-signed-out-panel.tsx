import { Link } from "#web/lib/router/link.tsx";
import { linkClass } from "./auth-card.tsx";

/** Where a one-time reset token from a verification link leads: the reset flow's set-password step. */
export const setPasswordPath = (token: string) =>
  `/update-password?token=${encodeURIComponent(token)}`;

/**
 * A verification link opened in a browser with no session. It signs in only the browser that signed
 * up; anywhere else the password chosen at sign-up stopped working (whoever signed up may not own the
 * mailbox), and `?token=` lets the verifier set their own.
 */
export function VerifiedSignedOutPanel({ resetToken }: { resetToken: string | null }) {
  return (
    <div className="space-y-4">
      <p role="status" className="bg-brand-50 rounded-md p-4 text-slate-800">
        Your e-mail is verified. Log in to continue.
      </p>
      {resetToken ? (
        <>
          <p className="text-slate-800">
            This link was opened in another browser than the one that signed up, so the password
            chosen at sign-up no longer works. Set a new password to log in.
          </p>
          <Link to={setPasswordPath(resetToken)} className={linkClass}>
            Set a new password
          </Link>
        </>
      ) : (
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      )}
    </div>
  );
}
