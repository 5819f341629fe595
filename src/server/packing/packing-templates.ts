import { and, asc, count, eq } from "drizzle-orm";
import type { PackingItem, PackingTemplate } from "#shared/schemas/packing.ts";
import type { Db } from "../db/database.ts";
import {
  packingItems,
  packingTemplates,
  type PackingListRow,
  type PackingTemplateRow,
  type TripRow,
} from "../db/schema.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import { isUuid } from "../lib/is-uuid.ts";
import { invalid } from "../money/trip-expenses.ts";
import { addItems, type PackingDeps } from "./packing-changes.ts";
import { assertMayUse } from "./packing-lists.ts";
import { BUILTIN_TEMPLATES, builtinTemplate } from "./builtin-templates.ts";

export const PACKING_TEMPLATE_NOT_FOUND = "Template not found";
/** Saved templates a person may keep. */
export const PACKING_TEMPLATES_MAX = 100;

const toDto = (row: PackingTemplateRow): PackingTemplate => ({
  id: row.id,
  name: row.name,
  builtIn: false,
  items: row.items,
});

/** The built-in templates, then the caller's own, oldest first. */
export async function listTemplates(db: Db, userId: string): Promise<PackingTemplate[]> {
  const rows = await db
    .select()
    .from(packingTemplates)
    .where(eq(packingTemplates.ownerId, userId))
    .orderBy(asc(packingTemplates.createdAt), asc(packingTemplates.id));
  return [...BUILTIN_TEMPLATES, ...rows.map(toDto)];
}

/** A built-in template, or one of the caller's own; anyone else's is missing (404). */
export async function findTemplate(db: Db, userId: string, id: string): Promise<PackingTemplate> {
  const builtIn = builtinTemplate(id);
  if (builtIn) return builtIn;
  if (!isUuid(id)) throw notFound(PACKING_TEMPLATE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(packingTemplates)
    .where(and(eq(packingTemplates.id, id), eq(packingTemplates.ownerId, userId)))
    .limit(1);
  if (!row) throw notFound(PACKING_TEMPLATE_NOT_FOUND);
  return toDto(row);
}

/** The caller's own list (or the shared one) saved under a name: its items, not who packed them. */
export async function saveTemplate(
  db: Db,
  userId: string,
  list: PackingListRow,
  name: string,
): Promise<PackingTemplate> {
  assertMayUse(list, userId);
  const items = await db
    .select({
      name: packingItems.name,
      category: packingItems.category,
      quantity: packingItems.quantity,
    })
    .from(packingItems)
    .where(eq(packingItems.listId, list.id))
    .orderBy(asc(packingItems.createdAt), asc(packingItems.id));
  if (items.length === 0)
    throw invalid([{ path: ["listId"], message: "The list has no items to save" }]);
  const [held] = await db
    .select({ n: count() })
    .from(packingTemplates)
    .where(eq(packingTemplates.ownerId, userId));
  if ((held?.n ?? 0) >= PACKING_TEMPLATES_MAX)
    throw invalid([
      { path: ["name"], message: `You can keep at most ${PACKING_TEMPLATES_MAX} templates` },
    ]);
  const [row] = await db
    .insert(packingTemplates)
    .values({ ownerId: userId, name, items })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toDto(row);
}

export async function deleteTemplate(db: Db, userId: string, id: string): Promise<void> {
  const template = await findTemplate(db, userId, id);
  if (template.builtIn)
    throw new AppError(403, "forbidden", "Built-in templates cannot be removed");
  await db
    .delete(packingTemplates)
    .where(and(eq(packingTemplates.id, id), eq(packingTemplates.ownerId, userId)));
}

/**
 * A template's items added to a list of a trip (the shared one or the caller's own), leaving out
 * names the list already holds; as one change of the trip, within its 1,000 items.
 */
export async function applyTemplate(
  deps: PackingDeps,
  trip: TripRow,
  userId: string,
  list: PackingListRow,
  template: PackingTemplate,
): Promise<PackingItem[]> {
  assertMayUse(list, userId);
  const held = await deps.db
    .select({ name: packingItems.name })
    .from(packingItems)
    .where(eq(packingItems.listId, list.id));
  const names = new Set(held.map((h) => h.name.toLowerCase()));
  const items = template.items.filter((i) => !names.has(i.name.toLowerCase()));
  if (items.length === 0) return [];
  const where = list.kind === "shared" ? "the shared packing list" : "their packing list";
  return addItems(
    deps,
    trip,
    userId,
    list,
    items,
    `Added the ${template.name} template to ${where}`,
  );
}
