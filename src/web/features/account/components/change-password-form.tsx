import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import {
  ACCOUNT_MESSAGES,
  changePasswordSchema,
  type ChangePasswordInput,
} from "#shared/schemas/account.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useChangePassword } from "../api/change-password.ts";
import { PasswordField } from "./password-field.tsx";
import { primaryButtonClass } from "./styles.ts";

/** Asks for the current password; every other session ends when the new one is set. */
export function ChangePasswordForm({ userId }: { userId: string }) {
  const headingId = useId();
  const ruleId = useId();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const change = useChangePassword(userId);
  const submit = form.handleSubmit((input) =>
    change.mutateAsync(input).then(
      () => form.reset(),
      () => undefined,
    ),
  );
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
    >
      <h3 id={headingId} className="font-semibold">
        Change password
      </h3>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={form.formState.errors.currentPassword}
        {...form.register("currentPassword")}
      />
      <div>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          aria-describedby={ruleId}
          error={form.formState.errors.newPassword}
          {...form.register("newPassword")}
        />
        <p id={ruleId} className="mt-1 text-xs text-slate-600">
          {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters. Your other devices will be
          signed out.
        </p>
      </div>
      <button type="submit" disabled={change.isPending} className={primaryButtonClass}>
        {change.isPending ? "Changing..." : "Change password"}
      </button>
      {change.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          Password changed. Your other devices have been signed out.
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(change.error, ACCOUNT_MESSAGES.changePasswordFailed)}
        </p>
      ) : null}
    </form>
  );
}
