import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./api-client.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not fix itself; retrying it only delays the message.
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
