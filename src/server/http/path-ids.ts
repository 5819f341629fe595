import type { MiddlewareHandler } from "hono";
import { ACCESS_MESSAGES } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings } from "./context.ts";
import { requireUser } from "./session.ts";
import { type AppError, notFound } from "../lib/http-errors.ts";
import { isUuid } from "../lib/is-uuid.ts";
import { SHARE_TOKEN_PATTERN } from "../trips/share-token.ts";
import { EXPENSE_NOT_FOUND } from "../money/trip-expenses.ts";
import { INVITE_TOKEN_PATTERN, inviteGone } from "../companions/trip-invites.ts";
import { PAYMENT_NOT_FOUND } from "../money/trip-payments.ts";
import { isBuiltinTemplateId } from "../packing/builtin-templates.ts";
import { PACKING_ITEM_NOT_FOUND, PACKING_LIST_NOT_FOUND } from "../packing/packing-lists.ts";
import { PACKING_TEMPLATE_NOT_FOUND } from "../packing/packing-templates.ts";
import { IDEA_NOT_FOUND } from "../ideas/ideas.ts";
import { POLL_NOT_FOUND } from "../ideas/polls.ts";

export const DAY_NOT_FOUND = "Day not found";
export const STAY_NOT_FOUND = "Stay not found";

type PathIdRule = {
  valid: (value: string) => boolean;
  refusal: () => AppError;
  // Member-only resources answer 401 to a visitor before anything about the id (as a well-formed
  // id does): the shape of a path never tells a signed-out visitor more than a real one.
  signedInFirst: boolean;
};

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);

// Better Auth's user ids: 32 letters and digits; a little slack so an older id shape still reads.
const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const ASSISTANT_NOT_FOUND = "Assistant not found";

/**
 * Every path parameter of the API, by name, with its shape and its resource's "not found". A name
 * missing here is a server fault (500), so a new route cannot skip the check unnoticed: the
 * malformed-path-ids test probes every route the app has.
 */
const RULES: Record<string, PathIdRule> = {
  id: { valid: isUuid, refusal: () => notFound(MESSAGES.tripNotFound), signedInFirst: true },
  expenseId: { valid: isUuid, refusal: () => notFound(EXPENSE_NOT_FOUND), signedInFirst: true },
  paymentId: { valid: isUuid, refusal: () => notFound(PAYMENT_NOT_FOUND), signedInFirst: true },
  listId: {
    valid: isUuid,
    refusal: () => notFound(PACKING_LIST_NOT_FOUND),
    signedInFirst: true,
  },
  itemId: { valid: isUuid, refusal: () => notFound(PACKING_ITEM_NOT_FOUND), signedInFirst: true },
  // A built-in template is named by a word ("city-break"), a saved one by its uuid.
  templateId: {
    valid: (value) => isUuid(value) || isBuiltinTemplateId(value),
    refusal: () => notFound(PACKING_TEMPLATE_NOT_FOUND),
    signedInFirst: true,
  },
  stayId: { valid: isUuid, refusal: () => notFound(STAY_NOT_FOUND), signedInFirst: true },
  ideaId: { valid: isUuid, refusal: () => notFound(IDEA_NOT_FOUND), signedInFirst: true },
  pollId: { valid: isUuid, refusal: () => notFound(POLL_NOT_FOUND), signedInFirst: true },
  inviteId: {
    valid: isUuid,
    refusal: () => notFound(ACCESS_MESSAGES.inviteNotFound),
    signedInFirst: true,
  },
  userId: {
    valid: matches(USER_ID_PATTERN),
    refusal: () => notFound(ACCESS_MESSAGES.memberNotFound),
    signedInFirst: true,
  },
  date: {
    valid: matches(DATE_PATTERN),
    refusal: () => notFound(DAY_NOT_FOUND),
    signedInFirst: true,
  },
  // A public link: anyone may hold one, so no sign-in; any bad token is the same 404.
  shareToken: {
    valid: matches(SHARE_TOKEN_PATTERN),
    refusal: () => notFound(MESSAGES.tripNotFound),
    signedInFirst: false,
  },
  // A connected assistant's OAuth client id (Better Auth's: letters, digits, - and _).
  clientId: {
    valid: matches(CLIENT_ID_PATTERN),
    refusal: () => notFound(ASSISTANT_NOT_FOUND),
    signedInFirst: true,
  },
  // An invitation link that cannot be one is like any unusable link: 410, as SPEC words it.
  inviteToken: { valid: matches(INVITE_TOKEN_PATTERN), refusal: inviteGone, signedInFirst: false },
};

/**
 * The first handler of every route with a parameter in its path (F-15): a malformed id never
 * reaches a database cast (a 422 or 500); it is the resource's 404 before the body is even read.
 */
export const pathIds: MiddlewareHandler<AppBindings> = async (c, next) => {
  const params: Record<string, string> = c.req.param();
  for (const [name, value] of Object.entries(params)) {
    const rule = RULES[name];
    if (!rule) throw new Error(`path parameter "${name}" has no rule in path-ids.ts`);
    if (rule.valid(value)) continue;
    if (rule.signedInFirst) await requireUser(c);
    throw rule.refusal();
  }
  await next();
};
