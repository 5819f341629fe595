import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES, accountExportFileName } from "#shared/schemas/account.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";

const FILE_NAME = /filename="([^"]+)"/;

/**
 * Fetches GET /api/account/export and hands it to the browser as a file. Through fetch rather than
 * a plain link so a refusal (the hourly limit) is shown on the page instead of as a failed download.
 */
export async function downloadExport(): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/api/account/export", { credentials: "same-origin" });
  } catch {
    throw new ApiRequestError(ACCOUNT_MESSAGES.exportFailed, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, ACCOUNT_MESSAGES.exportFailed);
  const name =
    FILE_NAME.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
    accountExportFileName(new Date());
  const blob = await response.blob().catch(() => {
    throw new ApiRequestError(ACCOUNT_MESSAGES.exportFailed, 0, "network");
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
