import { useForm } from "react-hook-form";
import type { UpdatePasswordInput } from "#shared/schemas/auth.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { AuthForm, NewPasswordField } from "./auth-form.tsx";

// The same schema as the server's, fetched with the first check (see lazy-resolver.ts).
const updatePasswordResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/auth.ts")).updatePasswordSchema,
);

export function UpdatePasswordForm({
  token,
  onUpdated,
}: {
  token: string;
  onUpdated: () => Promise<void>;
}) {
  const form = useForm<UpdatePasswordInput>({
    resolver: updatePasswordResolver,
    defaultValues: { password: "" },
  });
  const reset = useResetPassword();
  const submit = form.handleSubmit(async ({ password }) => {
    await reset.mutateAsync({ token, password }).then(onUpdated, () => undefined);
  });
  const error = form.formState.errors.password;
  return (
    <AuthForm
      onFocus={updatePasswordResolver.preload}
      onSubmit={(e) => void submit(e)}
      submitLabel="Update Password"
      pendingLabel="Updating..."
      pending={reset.isPending}
      error={reset.error?.message}
    >
      <NewPasswordField
        label="New password"
        error={error?.message}
        registration={form.register("password")}
      />
    </AuthForm>
  );
}
