import { Link } from "#web/lib/router/link.tsx";
import { useNavigate } from "#web/lib/router/location.tsx";
import { MEMBER_ROLE_LABELS } from "#shared/constants.ts";
import { Button, buttonStyles } from "#web/components/ui/button.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { formatDateRange } from "#web/lib/format.ts";
import { ACCEPT_FAILED, useAcceptInvitation } from "../api/accept-invitation.ts";
import { LOAD_INVITATION_FAILED, useInvitation } from "../api/get-invitation.ts";

/**
 * /invites/:token: who invites you to which trip, as what, with Accept. Signed out, it offers log
 * in or sign up with the invited address filled in; both come back here afterwards.
 */
export function InvitationView({ token, signedIn }: { token: string; signedIn: boolean }) {
  usePageTitle("Invitation");
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const here = `/invites/${token}`;

  if (invitation.isError) {
    return (
      <section className="mx-auto flex max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <h1 className="text-2xl font-bold">Invitation</h1>
        <p role="alert">{getErrorMessage(invitation.error, LOAD_INVITATION_FAILED)}</p>
        <Link to="/" className="text-brand-800 w-fit hover:underline">
          Go to Boundless
        </Link>
      </section>
    );
  }
  const data = invitation.data;
  if (!data) {
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  }
  const role = MEMBER_ROLE_LABELS[data.role].toLowerCase();
  const withAddress = `?from=${encodeURIComponent(here)}&email=${encodeURIComponent(data.email)}`;
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">Invitation</h1>
      <p className="text-lg">
        {data.inviter.name} invites you to <strong>{data.trip.name}</strong> (
        {data.trip.destination}, {formatDateRange(data.trip.startDate, data.trip.endDate)}) as{" "}
        {role}.
      </p>
      <p className="text-sm text-slate-600">Sent to {data.email}.</p>
      {signedIn ? (
        <div className="flex flex-col gap-2">
          <Button
            className="w-fit"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: (accepted) => void navigate(`/trips/${accepted.tripId}`),
              })
            }
          >
            {accept.isPending ? "Accepting..." : "Accept"}
          </Button>
          {accept.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {getErrorMessage(accept.error, ACCEPT_FAILED)}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Link to={`/login${withAddress}`} className={buttonStyles({})}>
            Log in to accept
          </Link>
          <Link to={`/signup${withAddress}`} className={buttonStyles({ variant: "secondary" })}>
            Sign up to accept
          </Link>
        </div>
      )}
    </section>
  );
}
