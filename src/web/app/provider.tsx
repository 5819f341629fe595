import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider } from "#web/features/auth/auth-provider.tsx";
import { HydratedProvider } from "#web/lib/hydrated.tsx";
import { createQueryClient } from "#web/lib/query-client.ts";

type Props = {
  children: ReactNode;
  /** The prerenderer's own client, holding the public config (a browser makes its own). */
  queryClient?: QueryClient;
  /** The page is (or is hydrating) HTML made by the prerenderer: see HydratedProvider. */
  prerendered?: boolean;
};

export function AppProvider({ children, queryClient: given, prerendered = false }: Props) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <HydratedProvider prerendered={prerendered}>
        <AuthProvider>{children}</AuthProvider>
      </HydratedProvider>
    </QueryClientProvider>
  );
}
