import { z } from "zod";

/**
 * Why a PATCH is saved, for its history line: an edit (described from what changed), an accepted
 * day proposal ("Regenerated Tue 29 Dec"), an accepted chat proposal, or an imported plan.
 */
export const SAVE_REASONS = ["edit", "regenerate", "chat", "import"] as const;
export const saveReasonSchema = z.enum(SAVE_REASONS);
export type SaveReason = z.infer<typeof saveReasonSchema>;

/** Who saved a version; null when that account has since been deleted. */
export const changeAuthorSchema = z.object({ userId: z.string(), name: z.string() }).nullable();

export const historyEntrySchema = z.object({
  version: z.number().int().positive(),
  at: z.string(),
  by: changeAuthorSchema,
  summary: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `GET /api/trips/:id/history?before=<version>`: newest first, 20 a page. */
export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
});
export const historyResponseSchema = z.object({ changes: z.array(historyEntrySchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** `POST /api/trips/:id/restore` */
export const restoreRequestSchema = z.object({ version: z.number().int().positive() });

/**
 * What two changes both touched: a trip field ("name", "dates", "stops", ...), or an activity, a
 * journey or a stay by id.
 */
export const tripMergeConflictSchema = z.union([
  z.object({ kind: z.literal("field"), field: z.string(), message: z.string() }),
  // `fields`: the fields both changed to different values ("cost", "description"), when that is
  // the clash (not a removal against an edit, nor a move in both).
  z.object({
    kind: z.literal("activity"),
    id: z.string(),
    message: z.string(),
    fields: z.array(z.string()).optional(),
  }),
  // A journey or a stay, by id (merged like activities).
  z.object({
    kind: z.literal("transport"),
    id: z.string(),
    message: z.string(),
    fields: z.array(z.string()).optional(),
  }),
  z.object({
    kind: z.literal("stay"),
    id: z.string(),
    message: z.string(),
    fields: z.array(z.string()).optional(),
  }),
  z.object({ kind: z.literal("version"), field: z.literal("version"), message: z.string() }),
]);
export type TripMergeConflict = z.infer<typeof tripMergeConflictSchema>;

/** Someone who has the trip open now. */
export const onlineUserSchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;

/** `GET /api/trips/:id/events` (text/event-stream): the data of each event, by its name. */
export const liveReadySchema = z.object({ version: z.number(), online: z.array(onlineUserSchema) });
export const liveChangeSchema = z.object({
  version: z.number(),
  by: changeAuthorSchema,
  summary: z.string(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
export const livePresenceSchema = z.object({ online: z.array(onlineUserSchema) });
