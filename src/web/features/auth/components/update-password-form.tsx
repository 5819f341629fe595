import { useForm } from "react-hook-form";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import type { UpdatePasswordInput } from "#shared/schemas/auth.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FormError } from "./form-error.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";

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
    <form
      noValidate
      onFocus={updatePasswordResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
    >
      <div>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          aria-describedby="password-rule"
          error={error?.message}
          {...form.register("password")}
        />
        <p id="password-rule" className="mt-1 text-xs text-slate-600">
          {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters.
        </p>
      </div>
      <Button type="submit" disabled={reset.isPending} block>
        {reset.isPending ? "Updating..." : "Update Password"}
      </Button>
      <FormError message={reset.error?.message} />
    </form>
  );
}
