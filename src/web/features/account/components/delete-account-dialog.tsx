import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  ACCOUNT_MESSAGES,
  deleteAccountFormSchema,
  type DeleteAccountFormInput,
} from "#shared/schemas/account.ts";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";
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
        <DialogClose asChild>
          <button type="button" className={secondaryButtonClass}>
            Cancel
          </button>
        </DialogClose>
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
        <DialogClose asChild>
          <button type="button" className={secondaryButtonClass}>
            Cancel
          </button>
        </DialogClose>
        <button
          type="button"
          data-autofocus
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

/** "Delete my account" and its modal confirmation (a native modal dialog: inert page, Escape). */
export function DeleteAccountDialog({
  email,
  hasPassword,
  onDeleted,
}: {
  email: string;
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  // Mounted only while open: no password or error from a previous attempt is left in it.
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-red-300 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50"
      >
        Delete my account
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={DELETION_CONSEQUENCES}
      >
        {hasPassword ? (
          <PasswordConfirmation onDeleted={onDeleted} />
        ) : (
          <LinkConfirmation email={email} />
        )}
      </Dialog>
    </>
  );
}
