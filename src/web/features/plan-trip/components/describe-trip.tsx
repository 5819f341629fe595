import { useState } from "react";
import type {
  PlanReadField,
  PlanRequestRead,
  PlanSentence,
} from "#shared/schemas/plan-request-read.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextareaField } from "#web/components/ui/textarea-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useDeferredForm } from "#web/lib/deferred-form.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { Link } from "#web/lib/router/link.tsx";
import { READ_PLAN_REQUEST_FAILED, useReadPlanRequest } from "../api/read-plan-request.ts";

// The same schema as POST /api/plan-request/read, fetched with the first check or focus.
const sentenceResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/plan-request-read.ts")).planSentenceSchema,
);

const FIELD_LABELS: Record<PlanReadField, string> = {
  origin: "From",
  destination: "Destination",
  stops: "Cities",
  startDate: "Dates",
  endDate: "Dates",
  travellers: "Travellers",
  budget: "Budget",
  "lodging.kind": "Where to stay",
  "lodging.needs": "The place must allow",
  cuisines: "Food",
  avoid: "Avoid",
  interests: "Interests",
  travelStyle: "Travel style",
};

/** The understood words, one line a field ("Dates: May 3–10"), dates said once. */
function understoodLines(understood: PlanRequestRead["understood"]) {
  const lines = new Map<string, string[]>();
  for (const { field, text } of understood) {
    const label = FIELD_LABELS[field];
    const words = lines.get(label) ?? [];
    if (!words.includes(text)) words.push(text);
    lines.set(label, words);
  }
  return [...lines].map(([label, words]) => ({ label, words: words.join(", ") }));
}

type Props = {
  signedIn: boolean;
  /** Fills the plan form; nothing is planned until the traveller presses its button. */
  onRead: (answer: PlanRequestRead) => void;
};

/**
 * "Describe your trip" above the plan form: a sentence read by POST /api/plan-request/read fills
 * the form and says what it understood. A sentence it cannot read leaves the form as it was.
 */
export function DescribeTrip({ signedIn, onRead }: Props) {
  const read = useReadPlanRequest();
  const [understood, setUnderstood] = useState<PlanRequestRead["understood"] | null>(null);
  const [askToLogIn, setAskToLogIn] = useState(false);
  const { register, handleSubmit, errors, wake, formRef } = useDeferredForm<
    PlanSentence,
    PlanSentence
  >({ defaultValues: { text: "" }, resolver: sentenceResolver });

  const onSubmit = (input: PlanSentence) => {
    if (!signedIn) {
      setAskToLogIn(true);
      return;
    }
    setUnderstood(null);
    read.mutate(input, {
      onSuccess: (answer) => {
        onRead(answer);
        setUnderstood(answer.understood);
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="describe-title"
      className="mb-6 grid gap-3"
      onSubmit={(event) => handleSubmit(onSubmit)(event)}
      onFocus={() => {
        wake();
        sentenceResolver.preload();
      }}
    >
      <h3 id="describe-title" className="font-medium">
        Describe your trip
      </h3>
      <TextareaField
        label="Your trip in a sentence"
        hint='e.g. "From Boston to Paris and Lyon, May 3–10, four of us, $6,000, French food, no flights"'
        rows={3}
        error={errors.text?.message}
        {...register("text")}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={read.isPending}>
          {read.isPending ? "Reading..." : "Fill the form"}
        </Button>
      </div>
      {askToLogIn ? (
        <p role="alert" className="bg-brand-50 text-brand-800 rounded-md p-3">
          Please{" "}
          <Link className="font-semibold underline" to="/login?from=%2F">
            log in
          </Link>{" "}
          to fill the form from a description.
        </p>
      ) : null}
      {read.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {getErrorMessage(read.error, READ_PLAN_REQUEST_FAILED)}
        </p>
      ) : null}
      {understood ? (
        <div role="status" className="rounded-md bg-slate-50 p-3 text-slate-800">
          <p className="font-medium">
            What I understood (the form below is filled; check it, then plan):
          </p>
          <ul className="mt-1 list-disc pl-5">
            {understoodLines(understood).map(({ label, words }) => (
              <li key={label}>
                {label}: {words}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
