import { useParams } from "#web/lib/router/location.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { InvitationView } from "#web/features/companions/components/invitation-view.tsx";

export function InvitationRoute() {
  const { token = "" } = useParams();
  const auth = useAuth();
  if (auth.status === "loading")
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  return <InvitationView token={token} signedIn={auth.status === "signed-in"} />;
}
