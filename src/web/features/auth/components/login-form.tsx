import { useForm } from "react-hook-form";
import { Link } from "#web/lib/router/link.tsx";
import type { LoginInput } from "#shared/schemas/auth.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { useSignIn } from "../api/sign-in.ts";
import { AuthForm, EmailField } from "./auth-form.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";

// The same schema as the server's, fetched with the first check (see lazy-resolver.ts).
const loginResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/auth.ts")).loginSchema,
);

export function LoginForm({
  onSignedIn,
  email = "",
}: {
  onSignedIn: () => Promise<void>;
  /** Filled in when the page knows the address (an invitation's). */
  email?: string;
}) {
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email, password: "" },
  });
  const signIn = useSignIn();
  const submit = form.handleSubmit(async (values) => {
    await signIn.mutateAsync(values).then(onSignedIn, () => undefined);
  });
  const { errors } = form.formState;
  return (
    <AuthForm
      onFocus={loginResolver.preload}
      onSubmit={(e) => void submit(e)}
      submitLabel="Login"
      pendingLabel="Logging in..."
      pending={signIn.isPending}
      error={signIn.error?.message}
    >
      <EmailField error={errors.email?.message} registration={form.register("email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="text-brand-800 font-medium hover:underline">
          Forgot Password?
        </Link>
      </div>
    </AuthForm>
  );
}
