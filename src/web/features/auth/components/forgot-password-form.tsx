import { useForm } from "react-hook-form";
import type { ForgotPasswordInput } from "#shared/schemas/auth.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useRequestPasswordReset } from "../api/request-password-reset.ts";
import { AuthForm, EmailField } from "./auth-form.tsx";

// The same schema as the server's, fetched with the first check (see lazy-resolver.ts).
const forgotPasswordResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/auth.ts")).forgotPasswordSchema,
);

/** The same confirmation whether or not the address has an account: nothing here tells which. */
export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({
    resolver: forgotPasswordResolver,
    defaultValues: { email: "" },
  });
  const request = useRequestPasswordReset();
  const submit = form.handleSubmit(async (values) => {
    await request.mutateAsync(values).catch(() => undefined);
  });
  if (request.isSuccess) {
    return (
      <div role="status" className="bg-brand-50 rounded-md p-4 text-slate-800">
        <p className="font-semibold">Check your e-mail</p>
        <p className="mt-1 text-sm">
          We sent a password reset link to <strong>{request.variables.email}</strong> if it belongs
          to an account. The link works once, within one hour.
        </p>
      </div>
    );
  }
  return (
    <AuthForm
      onFocus={forgotPasswordResolver.preload}
      onSubmit={(e) => void submit(e)}
      submitLabel="Send Reset Link"
      pendingLabel="Sending..."
      pending={request.isPending}
      error={request.error?.message}
    >
      <EmailField
        error={form.formState.errors.email?.message}
        registration={form.register("email")}
      />
    </AuthForm>
  );
}
