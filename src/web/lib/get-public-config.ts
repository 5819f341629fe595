import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicConfigSchema, type PublicConfig } from "#shared/schemas/config.ts";
import { apiRequest } from "./api-client.ts";

export const getPublicConfig = () =>
  apiRequest("/config", { schema: publicConfigSchema, fallbackError: "Failed to load settings" });

/** The server puts the config into index.html; the Vite dev server does not, so it is fetched there. */
function readInlineConfig(): PublicConfig | undefined {
  const text = document.getElementById("public-config")?.textContent;
  if (!text) return undefined;
  try {
    const parsed = publicConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
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
