import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicConfigSchema } from "#shared/schemas/config.ts";
import { apiRequest } from "./api-client.ts";

export const getPublicConfig = () =>
  apiRequest("/config", { schema: publicConfigSchema, fallbackError: "Failed to load settings" });

export const getPublicConfigQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
