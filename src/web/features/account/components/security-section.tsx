import { useId } from "react";
import { useAccount } from "../api/get-account.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { SessionList } from "./session-list.tsx";

/** Profile's "Security" section: where you are signed in, and your password. */
export function SecuritySection({ userId }: { userId: string }) {
  const headingId = useId();
  const account = useAccount(userId);
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-lg font-semibold">
        Security
      </h2>
      <div className="space-y-2">
        <h3 className="font-semibold">Active sessions</h3>
        <SessionList userId={userId} />
      </div>
      {account.data?.hasPassword === false ? (
        <p className="text-sm text-slate-700">
          You sign in with Google or GitHub, so there is no password to change here.
        </p>
      ) : (
        <ChangePasswordForm userId={userId} />
      )}
    </section>
  );
}
