import { useQueryClient } from "@tanstack/react-query";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/app/route-guard.tsx";
import { SecuritySection } from "#web/features/account/components/security-section.tsx";
import { ConnectedAssistants } from "#web/features/assistants/components/connected-assistants.tsx";
import { YourDataSection } from "#web/features/account/components/your-data-section.tsx";
import { useAuth, type AuthUser } from "#web/features/auth/auth-context.ts";
import { useProfile } from "#web/features/profile/api/get-profile.ts";
import { AvatarEditor } from "#web/features/profile/components/avatar-editor.tsx";
import { ProfileForm } from "#web/features/profile/components/profile-form.tsx";
import { MESSAGES } from "#shared/messages.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { forgetUserData } from "#web/lib/user-data.ts";

const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

function ProfileScreen({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-700">{getErrorMessage(profile.error, MESSAGES.loadProfileFailed)}</p>
        <button
          type="button"
          onClick={() => void profile.refetch()}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className={`space-y-8 ${cardClass}`}>
      <AvatarEditor profile={profile.data} userId={userId} />
      <ProfileForm profile={profile.data} userId={userId} />
    </div>
  );
}

function AccountScreen({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const onDeleted = () =>
    // Nothing of the deleted account stays in the tab or on the device; a full load then empties
    // the memory.
    void forgetUserData().finally(() => {
      queryClient.clear();
      window.location.assign("/account/deleted");
    });
  return (
    <>
      <div className={cardClass}>
        <SecuritySection userId={user.id} />
      </div>
      <div className={cardClass}>
        <ConnectedAssistants userId={user.id} />
      </div>
      <div className={cardClass}>
        <YourDataSection userId={user.id} email={user.email} onDeleted={onDeleted} />
      </div>
    </>
  );
}

function SignedInProfile() {
  const auth = useAuth();
  if (auth.status !== "signed-in") return null;
  return (
    <>
      <ProfileScreen userId={auth.user.id} />
      <AccountScreen user={auth.user} />
    </>
  );
}

export function ProfileRoute() {
  usePageTitle("Profile");
  return (
    <RequireAuth>
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-2xl font-bold">Profile</h1>
        <SignedInProfile />
      </div>
    </RequireAuth>
  );
}
