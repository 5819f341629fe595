import { useForm } from "react-hook-form";
import type { PaymentInput } from "#shared/schemas/expenses.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { showApiErrors } from "#web/lib/api-field-errors.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import type { MoneyMember } from "../money-member.ts";
import { readNumber } from "../split-form.ts";
import { currencyOptions, localToday, type MoneyTrip } from "../trip-currencies.ts";

// The same schema as the server's route, fetched with the first check (see lazy-resolver.ts).
const paymentResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/expenses.ts")).paymentInputSchema,
);

const FIELDS = ["from", "to", "amount", "currency", "date"] as const;

/**
 * "Record a payment": money one member gave another, in any currency, on a day. A transfer that
 * settles a debt, not spending: it moves the balances and is left out of planned vs spent.
 */
export function PaymentForm({
  trip,
  members,
  userId,
  currency,
  onSubmit,
}: {
  trip: MoneyTrip;
  members: readonly MoneyMember[];
  userId: string | undefined;
  /** The trip's settlement currency, chosen first. */
  currency: string;
  /** Saves; rejects with the API's error, whose field issues the form shows. */
  onSubmit: (input: PaymentInput) => Promise<unknown>;
}) {
  const me = members.find((m) => m.userId === userId)?.userId ?? members[0]?.userId ?? "";
  const defaults = {
    from: me,
    to: members.find((m) => m.userId !== me)?.userId ?? "",
    currency,
    date: localToday(),
  };
  const form = useForm<PaymentInput, unknown, PaymentInput>({
    resolver: paymentResolver,
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;

  const options = members.map((m) => ({ value: m.userId, label: m.name }));
  const currencies = currencyOptions(trip);
  const submit = form.handleSubmit(async (values, event) => {
    try {
      await onSubmit(values);
      // Ready for the next one: the same people, currency and day; a new amount.
      form.reset({ ...values, amount: undefined });
      // The typed text itself too: the field is the browser's own (uncontrolled).
      const typed = (event?.target as HTMLFormElement | undefined)?.elements.namedItem("amount");
      if (typed instanceof HTMLInputElement) typed.value = "";
    } catch (error) {
      showApiErrors(form.setError, error, FIELDS, "Failed to record the payment");
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="record-payment-heading"
      onFocus={paymentResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3"
    >
      <h3 id="record-payment-heading" className="text-lg font-semibold">
        Record a payment
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="From"
          options={options}
          error={errors.from?.message}
          defaultValue={defaults.from}
          {...form.register("from")}
        />
        <SelectField
          label="To"
          options={options}
          error={errors.to?.message}
          defaultValue={defaults.to}
          {...form.register("to")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register("amount", {
            setValueAs: (value: unknown) =>
              typeof value === "number"
                ? value
                : readNumber(typeof value === "string" ? value : ""),
          })}
        />
        <SelectField
          label="Currency"
          options={
            currencies.some((o) => o.value === currency)
              ? currencies
              : [{ value: currency, label: currency }, ...currencies]
          }
          error={errors.currency?.message}
          defaultValue={defaults.currency}
          {...form.register("currency")}
        />
      </div>
      <TextField label="Date" type="date" error={errors.date?.message} {...form.register("date")} />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={isSubmitting} className="w-fit">
        {isSubmitting ? "Recording..." : "Record payment"}
      </Button>
    </form>
  );
}
