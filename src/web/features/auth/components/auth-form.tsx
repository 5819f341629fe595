import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { FormError } from "./form-error.tsx";

/**
 * The form inside an AuthCard: its fields, one full-width submit button that names what is under
 * way while it is, and the server's message below. `onFocus` loads the form's schema early.
 */
export function AuthForm({
  onFocus,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  error,
  children,
}: {
  onFocus: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <form noValidate onFocus={onFocus} onSubmit={onSubmit} className="space-y-4">
      {children}
      <Button type="submit" disabled={pending} block>
        {pending ? pendingLabel : submitLabel}
      </Button>
      <FormError message={error} />
    </form>
  );
}

/** The account's e-mail address (sign-in, sign-up and the reset request). */
export function EmailField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextField label="Email" type="email" autoComplete="email" error={error} {...registration} />
  );
}

/** A new password with the length rule under it (sign-up and setting a new password). */
export function NewPasswordField({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        aria-describedby="password-rule"
        error={error}
        {...registration}
      />
      <p id="password-rule" className="mt-1 text-xs text-slate-600">
        {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters.
      </p>
    </div>
  );
}
