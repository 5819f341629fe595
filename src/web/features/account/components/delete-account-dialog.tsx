import * as Dialog from "@radix-ui/react-dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  ACCOUNT_MESSAGES,
  deleteAccountFormSchema,
  type DeleteAccountFormInput,
} from "#shared/schemas/account.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useDeleteAccount } from "../api/delete-account.ts";
import { useRequestDeletionLink } from "../api/request-deletion-link.ts";
import { PasswordField } from "./password-field.tsx";
import { dangerButtonClass, secondaryButtonClass } from "./styles.ts";

export const DELETION_CONSEQUENCES =
  "Your profile, your avatar and every trip (with its shared link) are removed, and every device is signed out. This cannot be undone; download your data first if you want to keep it.";

function PasswordConfirmation({ onDeleted }: { onDeleted: () => void }) {
  const form = useForm<DeleteAccountFormInput>({
    resolver: zodResolver(deleteAccountFormSchema),
    defaultValues: { password: "" },
  });
  const remove = useDeleteAccount();
  const submit = form.handleSubmit((input) =>
    remove.mutateAsync(input).then(onDeleted, () => undefined),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <PasswordField
        label="Password"
        autoComplete="current-password"
        autoFocus
        error={form.formState.errors.password}
        {...form.register("password")}
      />
      {remove.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(remove.error, ACCOUNT_MESSAGES.deleteFailed)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close className={secondaryButtonClass}>Cancel</Dialog.Close>
        <button type="submit" disabled={remove.isPending} className={dangerButtonClass}>
          {remove.isPending ? "Deleting..." : "Delete permanently"}
        </button>
      </div>
    </form>
  );
}

function LinkConfirmation({ email }: { email: string }) {
  const request = useRequestDeletionLink();
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">
        Your account has no password, so we confirm by e-mail: we send a link to {email} that works
        once, for one hour.
      </p>
      {request.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          We sent the link to {email}. Open it to finish deleting your account.
        </p>
      ) : null}
      {request.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(request.error, ACCOUNT_MESSAGES.linkFailed)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close className={secondaryButtonClass}>Cancel</Dialog.Close>
        <button
          type="button"
          autoFocus
          disabled={request.isPending}
          onClick={() => request.mutate()}
          className={dangerButtonClass}
        >
          {request.isPending ? "Sending..." : "Email me a confirmation link"}
        </button>
      </div>
    </div>
  );
}

/** "Delete my account" and its modal confirmation (Radix Dialog: focus trap, Escape, inert page). */
export function DeleteAccountDialog({
  email,
  hasPassword,
  onDeleted,
}: {
  email: string;
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  // A new key each time it opens: no password or error from a previous attempt is left in it.
  const [openCount, setOpenCount] = useState(0);
  return (
    <Dialog.Root onOpenChange={(open) => open && setOpenCount((n) => n + 1)}>
      <Dialog.Trigger className="rounded-md border border-red-300 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50">
        Delete my account
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <Dialog.Content
          key={openCount}
          className="fixed top-1/2 left-1/2 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">
            {DELETION_CONSEQUENCES}
          </Dialog.Description>
          {hasPassword ? (
            <PasswordConfirmation onDeleted={onDeleted} />
          ) : (
            <LinkConfirmation email={email} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
