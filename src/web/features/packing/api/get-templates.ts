import { useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const LOAD_TEMPLATES_FAILED = "Failed to load the templates";

const templatesSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingTemplatesResponseSchema,
);

/** GET /api/packing/templates: the built-in ones and the caller's own. */
export const getTemplates = (signal?: AbortSignal) =>
  apiRequest("/packing/templates", {
    schema: templatesSchema,
    fallbackError: LOAD_TEMPLATES_FAILED,
    signal,
  }).then((body) => body.templates);

export const templatesKey = ["packing-templates"] as const;

export const useTemplates = (enabled: boolean) =>
  useQuery({ queryKey: templatesKey, queryFn: ({ signal }) => getTemplates(signal), enabled });
