import { Link } from "#web/lib/router/link.tsx";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useDeleteAccount } from "../api/delete-account.ts";
import { DELETION_CONSEQUENCES } from "./delete-account-dialog.tsx";
import { dangerButtonClass, secondaryButtonClass } from "./styles.ts";

/** The target of the e-mailed link: one more deliberate click, then the account is gone. */
export function ConfirmDeletionPanel({
  token,
  email,
  onDeleted,
}: {
  token: string;
  email: string;
  onDeleted: () => void;
}) {
  const remove = useDeleteAccount();
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <p className="text-slate-800">
        You are about to delete the account <strong>{email}</strong>.
      </p>
      <p className="text-slate-700">{DELETION_CONSEQUENCES}</p>
      {remove.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(remove.error, ACCOUNT_MESSAGES.deleteFailed)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={remove.isPending || !token}
          onClick={() => remove.mutate({ token }, { onSuccess: onDeleted })}
          className={dangerButtonClass}
        >
          {remove.isPending ? "Deleting..." : "Delete permanently"}
        </button>
        <Link to="/profile" className={secondaryButtonClass}>
          Keep my account
        </Link>
      </div>
    </div>
  );
}
