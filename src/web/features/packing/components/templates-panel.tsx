import { useState } from "react";
import { useForm } from "react-hook-form";
import type { PackingList, PackingTemplateInput } from "#shared/schemas/packing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useApplyTemplate } from "../api/apply-template.ts";
import { LOAD_TEMPLATES_FAILED, useTemplates } from "../api/get-templates.ts";
import { useSaveTemplate } from "../api/save-template.ts";

const templateResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/packing.ts")).packingTemplateInputSchema,
);

/** Start from a template (built in or one of yours), or keep your own list as one for next time. */
export function TemplatesPanel({
  tripId,
  open,
  target,
  mine,
}: {
  tripId: string;
  open: boolean;
  /** The list a template is added to (the one chosen above). */
  target: PackingList | undefined;
  mine: PackingList | undefined;
}) {
  const templates = useTemplates(open);
  const apply = useApplyTemplate(tripId);
  const save = useSaveTemplate();
  const [chosen, setChosen] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<PackingTemplateInput, unknown, PackingTemplateInput>({
    resolver: templateResolver,
    defaultValues: { name: "", tripId, listId: mine?.id ?? "" },
  });
  if (!open) return null;
  if (templates.isPending)
    return (
      <p role="status" className="text-slate-600">
        Loading templates...
      </p>
    );
  if (templates.isError)
    return (
      <p role="alert" className="text-red-700">
        {getErrorMessage(templates.error, LOAD_TEMPLATES_FAILED)}
      </p>
    );
  const options = templates.data.map((t) => ({
    value: t.id,
    label: `${t.name} (${t.items.length} items)`,
  }));
  const selected = chosen || options[0]?.value || "";
  const submit = form.handleSubmit(async (values) => {
    try {
      const template = await save.mutateAsync({ ...values, tripId, listId: mine?.id ?? "" });
      setSaved(`Saved "${template.name}".`);
      form.reset({ name: "", tripId, listId: mine?.id ?? "" });
    } catch (error) {
      form.setError("name", { message: getErrorMessage(error, "Failed to save the template") });
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Template"
          options={options}
          value={selected}
          onChange={(e) => setChosen(e.target.value)}
          className="min-w-0 flex-1"
        />
        <Button
          variant="secondary"
          disabled={!target || apply.isPending}
          onClick={() => {
            if (target) apply.mutate({ templateId: selected, listId: target.id });
          }}
        >
          Add its items
        </Button>
      </div>
      {apply.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(apply.error, "Failed to add the template")}
        </p>
      ) : null}
      {mine ? (
        <form
          noValidate
          aria-label="Save my list as a template"
          onFocus={templateResolver.preload}
          onSubmit={(e) => void submit(e)}
          className="flex flex-wrap items-end gap-2"
        >
          <TextField
            label="Save my list as a template"
            autoComplete="off"
            className="min-w-0 flex-1"
            error={form.formState.errors.name?.message}
            {...form.register("name")}
          />
          <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
            Save
          </Button>
          {saved ? (
            <p role="status" className="w-full text-sm text-slate-700">
              {saved}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
