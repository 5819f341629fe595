import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { apiRequest } from "#web/lib/api-client.ts";

/** Mails a one-hour link that confirms deleting an account without a password. */
export const requestDeletionLink = () =>
  apiRequest("/account/deletion-link", {
    method: "POST",
    body: {},
    schema: z.undefined(),
    fallbackError: ACCOUNT_MESSAGES.linkFailed,
  });

export const useRequestDeletionLink = () => useMutation({ mutationFn: requestDeletionLink });
