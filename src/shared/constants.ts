export const PRODUCT_NAME = "Boundless";

export const TRAVEL_STYLES = ["luxury", "comfort", "budget"] as const;
export type TravelStyle = (typeof TRAVEL_STYLES)[number];
export const DEFAULT_TRAVEL_STYLE: TravelStyle = "comfort";

export const INTERESTS = [
  "Culture & Arts",
  "Food & Dining",
  "Nature & Outdoors",
  "Shopping",
  "History",
  "Adventure",
  "Relaxation",
] as const;
export type Interest = (typeof INTERESTS)[number];

/** A destination as typed (SPEC: at most 100 characters); the form lets a little more be typed so the message shows. */
export const DESTINATION_MAX_LENGTH = 100;

export const TRIP_STATUS_GENERATED = "generated";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const SIGNED_URL_TTL_SECONDS = 3600;
export const AVATAR_CACHE_CONTROL_SECONDS = 3600;
export const DEFAULT_AVATAR_PATH = "/default-avatar.svg";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const CHAT_TEMPERATURE = 0.9;
export const CHAT_MAX_TOKENS = 1000;

// Trip rules the pages need without the schemas that use them (schemas/*.ts): importing a schema
// module builds every zod schema in it, which a phone feels as one long task.
export const MAX_ACTIVITIES_PER_DAY = 12;
/** How long one activity may last, in minutes (its `durationMinutes`). */
export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 720;
/** An OpenStreetMap element as `node/123`, `way/123` or `relation/123`. */
export const OSM_ID_PATTERN = /^(node|way|relation)\/[1-9]\d{0,18}$/;
export const TRIP_CONFLICT_MESSAGE = "This trip was changed somewhere else";
export const REGENERATE_INSTRUCTION_MAX_LENGTH = 300;
export const PLACE_SEARCH_MAX_LENGTH = 100;

// My Trips' sort orders (the list's controls and GET /api/trips's `sort`).
export const TRIP_SORTS = ["newest", "oldest", "budget_desc", "budget_asc"] as const;
export type TripSort = (typeof TRIP_SORTS)[number];
export const DEFAULT_TRIP_SORT: TripSort = "newest";
export const TRIP_SORT_LABELS: Record<TripSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  budget_desc: "Budget: high to low",
  budget_asc: "Budget: low to high",
};

/** A trip's own name (the header's "Trip name"), at most this many characters. */
export const TRIP_NAME_MAX_LENGTH = 100;
// Travel together: a trip's owner is its creator; companions are editors or viewers.
export const TRIP_ROLES = ["owner", "editor", "viewer"] as const;
export type TripRole = (typeof TRIP_ROLES)[number];
export const MEMBER_ROLES = ["editor", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_ROLE_LABELS: Record<TripRole, string> = {
  owner: "Owner",
  editor: "Editor",
  viewer: "Viewer",
};
// My Trips' `role` filter: the trips you own, or the ones shared with you.
export const TRIP_LIST_ROLES = ["owner", "shared"] as const;
export type TripListRole = (typeof TRIP_LIST_ROLES)[number];
export const INVITE_TTL_DAYS = 7;
export const INVITE_RATE_LIMIT_WINDOW_SECONDS = 3600;
export const ACCESS_MESSAGES = {
  viewOnly: "You can view this trip but not change it",
  ownerOnly: "Only the trip's owner can do that",
  ownerCannotLeave: "The owner cannot leave their own trip; delete it instead",
  inviteWrongAccount: "This invitation was sent to another e-mail address",
  emailNotVerified: "Verify your e-mail address to accept this invitation",
  inviteGone: "This invitation has expired or was already used",
  inviteYourself: "You are already on this trip",
  inviteRateLimited: "Too many invitations. Please wait a while and try again.",
  memberNotFound: "Member not found",
  inviteNotFound: "Invitation not found",
  viewerNote: "You can view this trip",
} as const;

/** A deleted trip waits this long in its owner's "Recently deleted", restorable, then is removed. */
export const TRIP_PURGE_DAYS = 30;
