import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PackingTemplateInput } from "#shared/schemas/packing.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { templatesKey } from "./get-templates.ts";

export const SAVE_TEMPLATE_FAILED = "Failed to save the template";

const templateSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingTemplateResponseSchema,
);

/** POST /api/packing/templates { name, tripId, listId } → 201 { template }. */
export const saveTemplate = (input: PackingTemplateInput) =>
  apiRequest("/packing/templates", {
    method: "POST",
    body: input,
    schema: templateSchema,
    fallbackError: SAVE_TEMPLATE_FAILED,
  }).then((body) => body.template);

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
