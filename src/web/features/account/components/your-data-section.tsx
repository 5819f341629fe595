import { useId } from "react";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useDownloadExport } from "../api/download-export.ts";
import { useAccount } from "../api/get-account.ts";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import { secondaryButtonClass } from "./styles.ts";

/** Profile's "Your data" section: take everything with you, or leave. */
export function YourDataSection({
  userId,
  email,
  onDeleted,
}: {
  userId: string;
  email: string;
  onDeleted: () => void;
}) {
  const headingId = useId();
  const account = useAccount(userId);
  const download = useDownloadExport();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Your data
      </h2>
      <div className="space-y-2">
        <p className="text-sm text-slate-700">
          One JSON file with your account, profile, avatar and every trip with its itinerary.
        </p>
        <button
          type="button"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          className={secondaryButtonClass}
        >
          {download.isPending ? "Preparing your file..." : "Download my data"}
        </button>
        {download.isSuccess ? (
          <p role="status" className="text-sm text-green-800">
            Downloaded {download.data}.
          </p>
        ) : null}
        {download.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(download.error, ACCOUNT_MESSAGES.exportFailed)}
          </p>
        ) : null}
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          Deleting your account removes everything above for good.
        </p>
        {account.data ? (
          <DeleteAccountDialog
            email={email}
            hasPassword={account.data.hasPassword}
            onDeleted={onDeleted}
          />
        ) : account.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(account.error, ACCOUNT_MESSAGES.deleteFailed)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
