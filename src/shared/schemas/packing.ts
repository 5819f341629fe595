import { z } from "zod";
import { safeText } from "./safe-input.ts";

/** Issue 49: a trip holds at most this many packing items, over all its lists. */
export const PACKING_ITEMS_MAX = 1000;
export const PACKING_NAME_MAX_LENGTH = 200;
export const PACKING_CATEGORY_MAX_LENGTH = 60;
export const PACKING_NOTE_MAX_LENGTH = 1000;
export const PACKING_QUANTITY_MAX = 999;
export const PACKING_TEMPLATE_NAME_MAX_LENGTH = 100;
/** Names accepted at once from the suggestions. */
export const PACKING_ACCEPT_MAX = 200;

/** The category an item gets when none is given. */
export const DEFAULT_PACKING_CATEGORY = "Other";

export const PACKING_LIST_KINDS = ["shared", "personal"] as const;
export type PackingListKind = (typeof PACKING_LIST_KINDS)[number];

export const packingItemNameSchema = safeText("Name", { error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(PACKING_NAME_MAX_LENGTH, `Name must be at most ${PACKING_NAME_MAX_LENGTH} characters`);

const categorySchema = safeText("Category")
  .trim()
  .max(
    PACKING_CATEGORY_MAX_LENGTH,
    `Category must be at most ${PACKING_CATEGORY_MAX_LENGTH} characters`,
  );

const quantitySchema = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(PACKING_QUANTITY_MAX, `Quantity must be at most ${PACKING_QUANTITY_MAX}`);

const noteSchema = safeText("Note")
  .trim()
  .max(PACKING_NOTE_MAX_LENGTH, `Note must be at most ${PACKING_NOTE_MAX_LENGTH} characters`);

/** `POST /api/trips/:id/packing/lists/:listId/items`: the add form uses it too. */
export const packingItemInputSchema = z.object({
  name: packingItemNameSchema,
  category: categorySchema.optional(),
  quantity: quantitySchema.optional(),
  note: noteSchema.optional(),
});
export type PackingItemInput = z.input<typeof packingItemInputSchema>;

/** `PATCH /api/trips/:id/packing/items/:itemId`: any of the fields; `assignedTo: null` unassigns. */
export const packingItemPatchSchema = z
  .object({
    name: packingItemNameSchema.optional(),
    category: categorySchema.optional(),
    quantity: quantitySchema.optional(),
    note: noteSchema.optional(),
    assignedTo: z.string().trim().min(1, "Choose a member").max(100).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: "Nothing to change",
  });
export type PackingItemPatch = z.input<typeof packingItemPatchSchema>;

/** `POST /api/trips/:id/packing/items/:itemId/tick`. */
export const packingTickSchema = z.object({
  packed: z.boolean({ error: "packed must be true or false" }),
});

export const packingItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  /** Who packed it: on a personal list its owner; on the shared list whoever packed their share. */
  packedBy: z.record(z.string(), z.literal(true)),
  assignedTo: z.string().nullable(),
  note: z.string(),
});
export type PackingItem = z.infer<typeof packingItemSchema>;

export const packingListSchema = z.object({
  id: z.string(),
  kind: z.enum(PACKING_LIST_KINDS),
  /** Null for the shared list. */
  ownerId: z.string().nullable(),
  items: z.array(packingItemSchema),
});
export type PackingList = z.infer<typeof packingListSchema>;

export const packingResponseSchema = z.object({ lists: z.array(packingListSchema) });
export type PackingResponse = z.infer<typeof packingResponseSchema>;

export const packingItemResponseSchema = z.object({ item: packingItemSchema });

export const packingSuggestionSchema = z.object({
  name: z.string(),
  category: z.string(),
  reason: z.string(),
});
export type PackingSuggestion = z.infer<typeof packingSuggestionSchema>;
export const packingSuggestionsResponseSchema = z.object({
  suggestions: z.array(packingSuggestionSchema),
});

/** `POST /api/trips/:id/packing/suggestions/accept`. */
export const packingAcceptSchema = z.object({
  names: z
    .array(packingItemNameSchema, { error: "Choose the suggestions to add" })
    .min(1, "Choose the suggestions to add")
    .max(PACKING_ACCEPT_MAX, `At most ${PACKING_ACCEPT_MAX} suggestions at once`),
  listId: z.string().trim().min(1, "Choose a list").max(100),
  /** The traveller's home country, as for the suggestions (ISO alpha-2). */
  home: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Home must be a two-letter country code such as FR")
    .transform((code) => code.toUpperCase())
    .optional(),
});

export const packingTemplateItemSchema = z.object({
  name: z.string(),
  category: z.string(),
  quantity: z.number().int(),
});
export const packingTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Built in (city break, beach, …) or saved by the caller from one of their lists. */
  builtIn: z.boolean(),
  items: z.array(packingTemplateItemSchema),
});
export type PackingTemplate = z.infer<typeof packingTemplateSchema>;
export const packingTemplatesResponseSchema = z.object({
  templates: z.array(packingTemplateSchema),
});

/** `POST /api/packing/templates`: the caller's own list on a trip, saved under a name. */
export const packingTemplateInputSchema = z.object({
  name: safeText("Name", { error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(
      PACKING_TEMPLATE_NAME_MAX_LENGTH,
      `Name must be at most ${PACKING_TEMPLATE_NAME_MAX_LENGTH} characters`,
    ),
  tripId: z.string().trim().min(1, "Choose a trip").max(100),
  listId: z.string().trim().min(1, "Choose a list").max(100),
});
export type PackingTemplateInput = z.input<typeof packingTemplateInputSchema>;

/** `POST /api/packing/templates/:templateId/apply`: its items added to a list of a trip. */
export const packingTemplateApplySchema = z.object({
  tripId: z.string().trim().min(1, "Choose a trip").max(100),
  listId: z.string().trim().min(1, "Choose a list").max(100),
});

/**
 * The home country the plug and voltage suggestions compare with, when the page does not say (the
 * specification's figures are American: °F, 120 V).
 */
export const PACKING_DEFAULT_HOME_COUNTRY = "US";

/** `GET /api/trips/:id/packing/suggestions?home=FR`: the traveller's home country (ISO alpha-2). */
export const packingSuggestionsQuerySchema = z.object({
  home: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Home must be a two-letter country code such as FR")
    .transform((code) => code.toUpperCase())
    .optional(),
});

/** The answer of accepting suggestions and of applying a template: the items added. */
export const packingItemsResponseSchema = z.object({ items: z.array(packingItemSchema) });

export const packingTemplateResponseSchema = z.object({ template: packingTemplateSchema });
