import { and, desc, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import {
  assistantUses,
  oauthAccessToken,
  oauthClient,
  oauthConsent,
  oauthRefreshToken,
} from "../db/schema.ts";
import { ASSISTANT_MESSAGES, type ConnectedAssistant } from "#shared/schemas/assistants.ts";
import { ASSISTANT_SCOPES } from "./assistant-oauth.ts";

/** The assistants a traveller allowed (account page), most recently allowed first. */
export async function listAssistants(db: Db, userId: string): Promise<ConnectedAssistant[]> {
  const rows = await db
    .select({
      clientId: oauthConsent.clientId,
      name: oauthClient.name,
      scopes: oauthConsent.scopes,
      lastUsedAt: assistantUses.lastUsedAt,
    })
    .from(oauthConsent)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
    .leftJoin(
      assistantUses,
      and(
        eq(assistantUses.userId, oauthConsent.userId),
        eq(assistantUses.clientId, oauthConsent.clientId),
      ),
    )
    .where(eq(oauthConsent.userId, userId))
    .orderBy(desc(oauthConsent.createdAt));
  return rows.map((r) => ({
    clientId: r.clientId,
    name: r.name?.trim() || ASSISTANT_MESSAGES.unnamed,
    scopes: r.scopes.filter((s) => (ASSISTANT_SCOPES as readonly string[]).includes(s)),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * Ends what `userId` gave assistants (one, or all without `clientId`): the consent every access
 * token is checked against on each /mcp call (so they stop at once), the refresh tokens and the
 * stored access tokens. True when there was something to end.
 */
export async function revokeAssistants(db: Db, userId: string, clientId?: string) {
  // The rows of this user's grant (to one assistant, or to all): the same filter on every table.
  const granted = (table: { userId: AnyPgColumn; clientId: AnyPgColumn }) =>
    and(eq(table.userId, userId), clientId ? eq(table.clientId, clientId) : undefined);
  return db.transaction(async (tx) => {
    const refresh = await tx
      .select({ id: oauthRefreshToken.id })
      .from(oauthRefreshToken)
      .where(granted(oauthRefreshToken));
    if (refresh.length > 0)
      await tx.delete(oauthAccessToken).where(
        inArray(
          oauthAccessToken.refreshId,
          refresh.map((r) => r.id),
        ),
      );
    await tx.delete(oauthAccessToken).where(granted(oauthAccessToken));
    await tx.delete(oauthRefreshToken).where(granted(oauthRefreshToken));
    await tx.delete(assistantUses).where(granted(assistantUses));
    const ended = await tx
      .delete(oauthConsent)
      .where(granted(oauthConsent))
      .returning({ id: oauthConsent.id });
    return ended.length > 0;
  });
}
