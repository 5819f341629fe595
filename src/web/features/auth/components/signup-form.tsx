import { useForm } from "react-hook-form";
import type { SignupInput } from "#shared/schemas/auth.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useSignUp } from "../api/sign-up.ts";
import { AuthForm, EmailField, NewPasswordField } from "./auth-form.tsx";

// The same schema as the server's, fetched with the first check (see lazy-resolver.ts).
const signupResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/auth.ts")).signupSchema,
);

export function SignupForm({
  onSignedUp,
  email = "",
  returnTo,
}: {
  onSignedUp: () => Promise<void>;
  /** The page the verification link should lead back to (an invitation, Home's plan form). */
  returnTo?: string;
  /** Filled in when the page knows the address (an invitation's). */
  email?: string;
}) {
  const form = useForm<SignupInput>({
    resolver: signupResolver,
    defaultValues: { name: "", email, password: "" },
  });
  const signUp = useSignUp(returnTo);
  const submit = form.handleSubmit(async (values) => {
    await signUp.mutateAsync(values).then(onSignedUp, () => undefined);
  });
  const { errors } = form.formState;
  return (
    <AuthForm
      onFocus={signupResolver.preload}
      onSubmit={(e) => void submit(e)}
      submitLabel="Sign Up"
      pendingLabel="Signing up..."
      pending={signUp.isPending}
      error={signUp.error?.message}
    >
      <TextField
        label="Full name (optional)"
        hint="Companions on your trips see it."
        autoComplete="name"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <EmailField error={errors.email?.message} registration={form.register("email")} />
      <NewPasswordField
        label="Password"
        error={errors.password?.message}
        registration={form.register("password")}
      />
    </AuthForm>
  );
}
