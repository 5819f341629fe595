import { lazy, Suspense, useState } from "react";
import { MESSAGES } from "#shared/messages.ts";
import type { PlanRequestRead, PlanSentence } from "#shared/schemas/plan-request-read.ts";
import { Button } from "#web/components/ui/button.tsx";
import { controlStyles, Field } from "#web/components/ui/field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { useDeferredForm } from "#web/lib/deferred-form.ts";
import { useHydrated } from "#web/lib/hydrated.tsx";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { Link } from "#web/lib/router/link.tsx";

// The read and its answer's list come with the first ask (describe-trip-read.tsx): this part is
// only the box and its button, so Home's first visit stays within its budget.
const loadRead = () => import("./describe-trip-read.tsx");
const DescribeTripRead = lazy(async () => ({ default: (await loadRead()).DescribeTripRead }));
const UnderstoodList = lazy(async () => ({ default: (await loadRead()).UnderstoodList }));

// The same schema as POST /api/plan-request/read, fetched with the first check or focus.
const sentenceResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/plan-request-read.ts")).planSentenceSchema,
);

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
  // Each ask gets its own number, the key of the read that runs it.
  const [ask, setAsk] = useState<{ n: number; input: PlanSentence } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [understood, setUnderstood] = useState<PlanRequestRead["understood"] | null>(null);
  const [askToLogIn, setAskToLogIn] = useState(false);
  const hydrated = useHydrated();
  const { register, handleSubmit, errors, wake, formRef } = useDeferredForm<
    PlanSentence,
    PlanSentence
  >({ defaultValues: { text: "" }, resolver: sentenceResolver });

  // Sent whatever the session looks like while it loads: the server's 401 asks the visitor to log in.
  const onSubmit = (input: PlanSentence) => {
    setAskToLogIn(false);
    setUnderstood(null);
    setFailure(null);
    setBusy(true);
    setAsk((last) => ({ n: (last?.n ?? 0) + 1, input }));
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
        if (signedIn) void loadRead().catch(() => undefined);
      }}
    >
      <h3 id="describe-title" className="font-medium">
        Describe your trip
      </h3>
      {/* Disabled until React has taken the prerendered box over: what was typed before that
          would be replaced by the form's value, and a press would reload the page. */}
      <fieldset disabled={!hydrated} className="grid min-w-0 gap-3">
        <Field
          label="Your trip in a sentence"
          hint='e.g. "From Boston to Paris and Lyon, May 3–10, four of us, $6,000, French food, no flights"'
          error={errors.text?.message}
        >
          {(control) => (
            <textarea rows={3} className={controlStyles} {...register("text")} {...control} />
          )}
        </Field>
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Reading..." : "Fill the form"}
          </Button>
        </div>
      </fieldset>
      {askToLogIn ? (
        <p role="alert" className="bg-brand-50 text-brand-800 rounded-md p-3">
          Please{" "}
          <Link className="font-semibold underline" to="/login?from=%2F">
            log in
          </Link>{" "}
          to fill the form from a description.
        </p>
      ) : null}
      {ask ? (
        <Suspense fallback={null}>
          <DescribeTripRead
            key={ask.n}
            input={ask.input}
            onRead={(answer) => {
              setBusy(false);
              onRead(answer);
              setUnderstood(answer.understood);
            }}
            onFailed={(error) => {
              setBusy(false);
              if (error instanceof ApiRequestError && error.status === 401) setAskToLogIn(true);
              else setFailure(error ?? new Error(MESSAGES.readPlanRequestFailed));
            }}
          />
        </Suspense>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {getErrorMessage(failure, MESSAGES.readPlanRequestFailed)}
        </p>
      ) : null}
      {understood ? (
        <Suspense fallback={null}>
          <UnderstoodList understood={understood} />
        </Suspense>
      ) : null}
    </form>
  );
}
