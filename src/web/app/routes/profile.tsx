import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { RequireAuth } from "#web/components/route-guard.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { useProfile } from "#web/features/profile/api/get-profile.ts";
import { AvatarEditor } from "#web/features/profile/components/avatar-editor.tsx";
import { ProfileForm } from "#web/features/profile/components/profile-form.tsx";
import { MESSAGES } from "#shared/messages.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";

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
    <div className="space-y-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <AvatarEditor profile={profile.data} userId={userId} />
      <ProfileForm profile={profile.data} userId={userId} />
    </div>
  );
}

function SignedInProfile() {
  const auth = useAuth();
  if (auth.status !== "signed-in") return null;
  return <ProfileScreen userId={auth.user.id} />;
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
