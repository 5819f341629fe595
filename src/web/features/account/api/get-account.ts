import { queryOptions, useQuery } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES, accountInfoSchema, type AccountInfo } from "#shared/schemas/account.ts";
import { apiRequest } from "#web/lib/api-client.ts";

export async function getAccount(signal?: AbortSignal): Promise<AccountInfo> {
  const { account } = await apiRequest("/account", {
    schema: accountInfoSchema,
    fallbackError: ACCOUNT_MESSAGES.loadSessionsFailed,
    signal,
  });
  return account;
}

export const getAccountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["account", userId, "info"],
    queryFn: ({ signal }) => getAccount(signal),
  });

export const useAccount = (userId: string) => useQuery(getAccountQueryOptions(userId));
