import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { ACCOUNT_MESSAGES, type AccountDeletionInput } from "#shared/schemas/account.ts";
import { apiRequest } from "#web/lib/api-client.ts";

/** DELETE /api/account (204): the password, or the token of the e-mailed link. */
export const deleteAccount = (input: AccountDeletionInput) =>
  apiRequest("/account", {
    method: "DELETE",
    body: input,
    schema: z.undefined(),
    fallbackError: ACCOUNT_MESSAGES.deleteFailed,
  });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
