import { useForm } from "react-hook-form";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import type { SignupInput } from "#shared/schemas/auth.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useSignUp } from "../api/sign-up.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FormError } from "./form-error.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";

// The same schema as the server's, fetched with the first check (see lazy-resolver.ts).
const signupResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/auth.ts")).signupSchema,
);

export function SignupForm({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const form = useForm<SignupInput>({
    resolver: signupResolver,
    defaultValues: { email: "", password: "" },
  });
  const signUp = useSignUp();
  const submit = form.handleSubmit(async (values) => {
    await signUp.mutateAsync(values).then(onSignedUp, () => undefined);
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onFocus={signupResolver.preload}
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          aria-describedby="password-rule"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <p id="password-rule" className="mt-1 text-xs text-slate-600">
          {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters.
        </p>
      </div>
      <Button type="submit" disabled={signUp.isPending} block>
        {signUp.isPending ? "Signing up..." : "Sign Up"}
      </Button>
      <FormError message={signUp.error?.message} />
    </form>
  );
}
