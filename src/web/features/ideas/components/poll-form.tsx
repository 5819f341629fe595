import { useId } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { Idea } from "#shared/schemas/ideas.ts";
import { POLL_MAX_OPTIONS } from "#shared/schemas/poll-limits.ts";
import type { PollInput } from "#shared/schemas/polls.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { showApiErrors } from "#web/lib/api-field-errors.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";

// The same schema as the server's route, fetched with the first check (see lazy-resolver.ts).
const pollResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/polls.ts")).pollInputSchema,
);

const DEFAULTS: PollInput = {
  question: "",
  options: [{ text: "" }, { text: "" }],
  multiple: false,
  closesAt: null,
};

// The fields an API issue may name; any other goes above the button.
const POLL_FIELDS = ["question", "options", "closesAt"] as const;

/**
 * "Ask the group": a question with 2 to 10 choices (typed, a date range, or the trip's ideas) and
 * an optional closing time.
 */
export function PollForm({
  ideas,
  onSubmit,
  onCancel,
}: {
  ideas: readonly Idea[];
  onSubmit: (input: PollInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const headingId = useId();
  const form = useForm<PollInput, unknown, PollInput>({
    resolver: pollResolver,
    defaultValues: DEFAULTS,
  });
  const options = useFieldArray({ control: form.control, name: "options" });
  const { errors, isSubmitting } = form.formState;
  const optionErrors = errors.options as
    | (Record<
        number,
        {
          message?: string;
          text?: { message?: string };
          from?: { message?: string };
          to?: { message?: string };
        }
      > & {
        message?: string;
        root?: { message?: string };
      })
    | undefined;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset(DEFAULTS);
    } catch (error) {
      showApiErrors(form.setError, error, POLL_FIELDS, "Failed to ask the question");
    }
  });

  const unplanned = ideas.filter((i) => i.status !== "dismissed").slice(0, POLL_MAX_OPTIONS);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onFocus={pollResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        Ask the group
      </h3>
      <TextField
        label="Question"
        autoComplete="off"
        error={errors.question?.message}
        {...form.register("question")}
      />
      {options.fields.map((field, index) => (
        <div key={field.id} className="flex flex-wrap items-end gap-2">
          {"from" in field ? (
            // A date range ("Which weekend?"): two days, the second on or after the first.
            <fieldset className="flex grow flex-wrap gap-2">
              <legend className="text-sm font-medium">{`Option ${index + 1}: dates`}</legend>
              <TextField
                label="From"
                type="date"
                error={optionErrors?.[index]?.from?.message ?? optionErrors?.[index]?.message}
                {...form.register(`options.${index}.from` as const)}
              />
              <TextField
                label="To"
                type="date"
                error={optionErrors?.[index]?.to?.message}
                {...form.register(`options.${index}.to` as const)}
              />
            </fieldset>
          ) : (
            <TextField
              label={`Option ${index + 1}`}
              autoComplete="off"
              className="grow"
              error={optionErrors?.[index]?.text?.message ?? optionErrors?.[index]?.message}
              {...form.register(`options.${index}.text` as const)}
            />
          )}
          {options.fields.length > 2 ? (
            <Button
              variant="subtle"
              size="sm"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => options.remove(index)}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ))}
      {optionErrors?.message || optionErrors?.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {optionErrors.message ?? optionErrors.root?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.fields.length < POLL_MAX_OPTIONS ? (
          <Button variant="secondary" size="sm" onClick={() => options.append({ text: "" })}>
            Add option
          </Button>
        ) : null}
        {options.fields.length < POLL_MAX_OPTIONS ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => options.append({ from: "", to: "" })}
          >
            Add dates
          </Button>
        ) : null}
        {unplanned.length >= 2 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => options.replace(unplanned.map((i) => ({ text: i.title })))}
          >
            Use the ideas
          </Button>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" {...form.register("multiple")} />
        Allow several choices
      </label>
      <TextField
        label="Closes (optional)"
        type="datetime-local"
        hint="After this time no one can vote; the result stays."
        error={errors.closesAt?.message}
        {...form.register("closesAt", {
          // The field's local time, sent as an instant (the route wants an offset).
          setValueAs: (v: unknown) => {
            if (typeof v !== "string" || !v) return null;
            const at = new Date(v);
            return Number.isNaN(at.getTime()) ? v : at.toISOString();
          },
        })}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Asking..." : "Ask"}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
