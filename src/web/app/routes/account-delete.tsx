import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "#web/lib/router/location.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import { ConfirmDeletionPanel } from "#web/features/account/components/confirm-deletion-panel.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { forgetUserData } from "#web/lib/user-data.ts";

function ConfirmDeletion() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  if (auth.status !== "signed-in") return null;
  const onDeleted = () =>
    void forgetUserData().finally(() => {
      queryClient.clear();
      window.location.assign("/account/deleted");
    });
  return (
    <ConfirmDeletionPanel
      token={params.get("token") ?? ""}
      email={auth.user.email}
      onDeleted={onDeleted}
    />
  );
}

/** The target of the e-mailed deletion link (accounts without a password). */
export function AccountDeleteRoute() {
  usePageTitle("Delete your account");
  return (
    <RequireAuth>
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-2xl font-bold">Delete your account</h1>
        <ConfirmDeletion />
      </div>
    </RequireAuth>
  );
}
