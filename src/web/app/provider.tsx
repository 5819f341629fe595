import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider } from "#web/features/auth/auth-provider.tsx";
import { createQueryClient } from "#web/lib/query-client.ts";

type Props = {
  children: ReactNode;
  /** The prerenderer's own client, holding the public config (a browser makes its own). */
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient: given }: Props) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
