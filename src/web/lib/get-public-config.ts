import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { apiRequest } from "./api-client.ts";

export const getPublicConfig = async () =>
  apiRequest("/config", {
    schema: (await import("#shared/schemas/config.ts")).publicConfigSchema,
    fallbackError: "Failed to load settings",
  });

/**
 * The server puts the config into index.html; the Vite dev server does not, so it is fetched there.
 * The inlined copy is not run through zod: it is written by the same server that sent this page
 * (server/static.ts, from the same PublicConfig type), it is needed for the first paint, and zod is
 * not part of the first view (lib/api-client.ts). Only its outer shape is checked.
 */
function readInlineConfig(): PublicConfig | undefined {
  const text = document.getElementById("public-config")?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && "providers" in value && "ai" in value
      ? (value as PublicConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: getPublicConfig,
    initialData: readInlineConfig,
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
