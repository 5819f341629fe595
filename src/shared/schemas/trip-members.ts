import { z } from "zod";
import { MEMBER_ROLES, TRIP_ROLES } from "../constants.ts";

const memberRole = z.enum(MEMBER_ROLES, { error: "Choose editor or viewer" });

/** POST /api/trips/:id/invites: who to invite, as what. */
export const inviteRequestSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid e-mail address"))
    .transform((email) => email.toLowerCase()),
  role: memberRole,
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** PATCH /api/trips/:id/members/:userId. */
export const memberRoleRequestSchema = z.object({ role: memberRole });

export const tripInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
});
export type TripInvite = z.infer<typeof tripInviteSchema>;

export const tripMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: z.enum(TRIP_ROLES),
});
export type TripMember = z.infer<typeof tripMemberSchema>;

/** GET /api/trips/:id/members: invitations (and their addresses) only for the owner. */
export const tripMembersResponseSchema = z.object({
  members: z.array(tripMemberSchema),
  invites: z.array(tripInviteSchema),
});
export type TripMembersResponse = z.infer<typeof tripMembersResponseSchema>;

export const inviteResponseSchema = z.object({ invite: tripInviteSchema });
export const memberResponseSchema = z.object({ member: tripMemberSchema });

/** GET /api/invites/:token: what the invitation page shows, to anyone holding the link. */
export const invitationSchema = z.object({
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
  inviter: z.object({ name: z.string() }),
  trip: z.object({
    name: z.string(),
    destination: z.string(),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
  }),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = z.object({ invitation: invitationSchema });

/** POST /api/invites/:token/accept. */
export const acceptInviteResponseSchema = z.object({
  tripId: z.uuid(),
  role: z.enum(TRIP_ROLES),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;
