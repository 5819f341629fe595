import { useId, useState } from "react";
import { useNavigate } from "#web/lib/router/location.tsx";
import {
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  type MemberRole,
  type TripRole,
} from "#shared/constants.ts";
import { useForm, useWatch } from "react-hook-form";
import type { InviteRequest, TripMember } from "#shared/schemas/trip-members.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";
import { CHANGE_ROLE_FAILED, useChangeMemberRole } from "../api/change-member-role.ts";
import { LOAD_MEMBERS_FAILED, useMembers } from "../api/get-members.ts";
import { INVITE_FAILED, useInvitePerson } from "../api/invite-person.ts";
import { REMOVE_FAILED, useRemoveMember } from "../api/remove-member.ts";
import { REVOKE_FAILED, useRevokeInvite } from "../api/revoke-invite.ts";

const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: MEMBER_ROLE_LABELS[role] }));
const isMemberRole = (value: string): value is MemberRole =>
  (MEMBER_ROLES as readonly string[]).includes(value);

// The route's own schema (POST /api/trips/:id/invites), fetched with the first check.
const inviteResolver = lazyZodResolver(
  async () => (await import("#shared/schemas/trip-members.ts")).inviteRequestSchema,
);

/** Address and role, then "Send invite": the invitation goes out by e-mail. */
function InviteForm({ tripId }: { tripId: string }) {
  const invite = useInvitePerson(tripId);
  const form = useForm<InviteRequest, unknown, InviteRequest>({
    resolver: inviteResolver,
    defaultValues: { email: "", role: "editor" },
  });
  const email = useWatch({ control: form.control, name: "email" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.handleSubmit((request) => {
    setSentTo(null);
    invite.mutate(request, {
      onSuccess: (created) => {
        setSentTo(created.email);
        form.resetField("email");
      },
    });
  });
  return (
    // Wraps on wide screens so the message (basis-full) takes its own line instead of squeezing the
    // address, the role ("Ed") and the button into a third of the row.
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onFocus={inviteResolver.preload}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Email address"
        type="email"
        required
        autoComplete="off"
        error={form.formState.errors.email?.message}
        className="grow"
        {...form.register("email")}
      />
      <SelectField
        label="Role"
        options={ROLE_OPTIONS}
        error={form.formState.errors.role?.message}
        {...form.register("role")}
      />
      <Button type="submit" disabled={invite.isPending || email.trim() === ""}>
        {invite.isPending ? "Sending..." : "Send invite"}
      </Button>
      <div className="sm:basis-full" aria-live="polite">
        {invite.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {getErrorMessage(invite.error, INVITE_FAILED)}
          </p>
        ) : sentTo ? (
          <p className="text-sm text-slate-700">Invitation sent to {sentTo}.</p>
        ) : null}
      </div>
    </form>
  );
}

/** One person on the trip: the owner manages companions' roles and can remove them. */
function MemberRow({
  tripId,
  member,
  manage,
}: {
  tripId: string;
  member: TripMember;
  manage: boolean;
}) {
  const change = useChangeMemberRole(tripId);
  const remove = useRemoveMember(tripId);
  const failure = change.isError
    ? getErrorMessage(change.error, CHANGE_ROLE_FAILED)
    : remove.isError
      ? getErrorMessage(remove.error, REMOVE_FAILED)
      : null;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <span className="grow font-medium">{member.name}</span>
      {manage && member.role !== "owner" ? (
        <>
          <SelectField
            label={`Role of ${member.name}`}
            hideLabel
            options={ROLE_OPTIONS}
            value={member.role}
            disabled={change.isPending}
            onChange={(event) => {
              const role = event.target.value;
              if (isMemberRole(role)) change.mutate({ userId: member.userId, role });
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Remove ${member.name}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(member.userId)}
          >
            Remove
          </Button>
        </>
      ) : (
        <span className="text-sm text-slate-600">{MEMBER_ROLE_LABELS[member.role]}</span>
      )}
      {failure ? (
        <p role="alert" className="basis-full text-sm text-red-800">
          {failure}
        </p>
      ) : null}
    </li>
  );
}

function PendingInvites({
  tripId,
  invites,
}: {
  tripId: string;
  invites: { id: string; email: string; role: MemberRole }[];
}) {
  const revoke = useRevokeInvite(tripId);
  if (invites.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">Pending invitations</h3>
      <ul className="divide-y divide-slate-100">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="grow break-all">{invite.email}</span>
            <span className="text-sm text-slate-600">{MEMBER_ROLE_LABELS[invite.role]}</span>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Revoke the invitation to ${invite.email}`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(invite.id)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {revoke.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(revoke.error, REVOKE_FAILED)}
        </p>
      ) : null}
    </div>
  );
}

/** A companion leaves the trip; it then disappears from their trips. */
function LeaveButton({ tripId, userId }: { tripId: string; userId: string }) {
  const leave = useRemoveMember(tripId);
  const navigate = useNavigate();
  return (
    <div>
      <Button
        variant="secondary"
        disabled={leave.isPending}
        onClick={() => leave.mutate(userId, { onSuccess: () => void navigate("/trips") })}
      >
        Leave trip
      </Button>
      {leave.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(leave.error, REMOVE_FAILED)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The trip's people, separate from its public link: the owner invites by e-mail (address, role,
 * Send invite), changes roles, removes companions and revokes pending invitations; a companion
 * sees who is on the trip and can leave it.
 */
export function PeoplePanel({
  tripId,
  role,
  userId,
}: {
  tripId: string;
  role: TripRole;
  userId: string | undefined;
}) {
  const members = useMembers(tripId);
  const headingId = useId();
  const owner = role === "owner";
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {owner ? "Invite people" : "People on this trip"}
      </h2>
      {owner ? <InviteForm tripId={tripId} /> : null}
      {members.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(members.error, LOAD_MEMBERS_FAILED)}
        </p>
      ) : members.data ? (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Members">
            {members.data.members.map((member) => (
              <MemberRow key={member.userId} tripId={tripId} member={member} manage={owner} />
            ))}
          </ul>
          {owner ? <PendingInvites tripId={tripId} invites={members.data.invites} /> : null}
        </>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      )}
      {!owner && userId ? <LeaveButton tripId={tripId} userId={userId} /> : null}
    </section>
  );
}
