import { createHash, randomBytes } from "node:crypto";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/auth-schema.ts";
import { oauthClientResource, oauthResource, tripMembers } from "#server/db/schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { ACCESS_MESSAGES } from "#shared/constants.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { readEvents } from "#tests/support/live-events.ts";
import {
  loopbackBrowser,
  serveOnLoopback,
  type LoopbackBrowser,
} from "#tests/support/loopback-browser.ts";

// An assistant (Claude, say) reaching Boundless through /mcp, end to end on a loopback port: OAuth
// discovery, dynamic registration, sign-in and consent with PKCE and a resource indicator, the
// token, and the official SDK's client calling the tools as the traveller.

const REDIRECT_URI = "http://127.0.0.1:8976/callback";
const PASSWORD = "correct horse battery";

let s: Awaited<ReturnType<typeof serveOnLoopback>>;
let mcpUrl: string;
beforeAll(async () => {
  s = await serveOnLoopback({ AUTH_RATE_LIMIT: "1000", GENERATION_RATE_LIMIT: "20" });
  mcpUrl = `${s.origin}/mcp`;
}, 60_000);
afterAll(() => s.close());

type Json = Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;

/** A traveller signed up and verified, with their browser (its session cookie). */
async function signUp(name: string) {
  const browser = loopbackBrowser(s.origin);
  const email = `${name.split(" ")[0]!.toLowerCase()}-${randomBytes(4).toString("hex")}@example.com`;
  const res = await browser.post("/api/auth/sign-up/email", { email, password: PASSWORD, name });
  expect(res.status).toBe(200);
  const userId = ((await json(res)).user as { id: string }).id;
  await s.deps.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  return { browser, userId, email, name };
}

/** RFC 7591 registration as an assistant does it: a public client with a loopback redirect. */
async function register(clientName: string, extra: Json = {}) {
  return fetch(`${s.origin}/api/auth/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: clientName,
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...extra,
    }),
  });
}

async function registered(clientName: string) {
  const res = await register(clientName);
  expect(res.status).toBe(201);
  return String((await json(res)).client_id);
}

/**
 * Authorization code with PKCE S256: authorize (the browser's session), the consent page's Allow
 * (or Deny), and the code exchanged for tokens. `resource` undefined: no resource indicator.
 */
async function authorize(
  browser: LoopbackBrowser,
  clientId: string,
  options: { scope?: string; resource?: string | null; accept?: boolean } = {},
) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(8).toString("hex");
  const resource = options.resource === undefined ? mcpUrl : options.resource;
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: options.scope ?? "trips:read trips:write",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...(resource ? { resource } : {}),
  });
  // A fetch (not a navigation) gets the redirect as JSON: { redirect: true, url }. The consent
  // page, unless this traveller already allowed this client those scopes.
  const asked = await json(await browser.get(`/api/auth/oauth2/authorize?${query}`));
  let redirect = new URL(String(asked.url), s.origin);
  if (redirect.origin === s.origin) {
    expect(redirect.pathname).toBe("/oauth/consent");
    const answered = await browser.post("/api/auth/oauth2/consent", {
      accept: options.accept ?? true,
      oauth_query: redirect.search.slice(1),
    });
    expect(answered.status).toBe(200);
    redirect = new URL(String((await json(answered)).url));
  }
  const back = redirect;
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get("state")).toBe(state);
  const code = back.searchParams.get("code");
  if (!code) return { denied: back.searchParams.get("error") };
  const token = await fetch(`${s.origin}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      ...(resource ? { resource } : {}),
    }),
  });
  expect(token.status).toBe(200);
  const tokens = await json(token);
  return { accessToken: String(tokens.access_token), scope: String(tokens.scope) };
}

/** The SDK's client on /mcp with a bearer token; `modern`: the 2026-07-28 revision, no handshake. */
async function connect(accessToken: string, modern = false) {
  const client = new Client(
    { name: "assistant-under-test", version: "1.0.0" },
    modern ? { versionNegotiation: { mode: "auto" } } : {},
  );
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
    authProvider: { token: () => Promise.resolve(accessToken) },
  });
  await client.connect(transport);
  return client;
}

/** A tools/list as a bare HTTP request: the status is what a token is worth. */
const mcpStatus = async (accessToken: string) =>
  (
    await fetch(mcpUrl, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    })
  ).status;

const payloadOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Json;

const textOf = (result: { content?: unknown }) =>
  ((result.content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");

describe("assistants through POST /mcp, signed in with OAuth", () => {
  let ana: Awaited<ReturnType<typeof signUp>>;
  let claude: string;
  let token: string;
  let tripId: string;

  it("answers 401 with the resource metadata link, and the discovery documents, also at the root", async () => {
    const refused = await fetch(mcpUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer /);
    const link = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(link).toBe(`${s.origin}/.well-known/oauth-protected-resource/mcp`);

    const config = await json(await fetch(`${s.origin}/api/config`));
    expect(config.mcp).toEqual({ url: mcpUrl });

    const resource = await json(await fetch(link!));
    expect(resource).toMatchObject({
      resource: mcpUrl,
      authorization_servers: [`${s.origin}/api/auth`],
    });
    expect(resource.scopes_supported).toEqual(["trips:read", "trips:write"]);

    const issuer = `${s.origin}/api/auth`;
    for (const path of [
      "/.well-known/oauth-authorization-server/api/auth",
      "/api/auth/.well-known/openid-configuration",
      "/.well-known/oauth-authorization-server",
      "/.well-known/openid-configuration",
    ]) {
      const res = await fetch(`${s.origin}${path}`);
      expect(res.status, path).toBe(200);
      const metadata = await json(res);
      expect(metadata, path).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/oauth2/authorize`,
        token_endpoint: `${issuer}/oauth2/token`,
        registration_endpoint: `${issuer}/oauth2/register`,
        code_challenge_methods_supported: ["S256"],
      });
    }
  });

  it("registers only public clients with loopback or https redirect URIs", async () => {
    expect((await register("Web page", { redirect_uris: ["http://example.com/cb"] })).status).toBe(
      400,
    );
    expect((await register("Custom", { redirect_uris: ["com.example.app:/cb"] })).status).toBe(400);
    expect(
      (await register("Confidential", { token_endpoint_auth_method: "client_secret_basic" }))
        .status,
    ).toBe(400);
    const web = await register("Claude on the web", {
      redirect_uris: ["https://claude.example/api/mcp/auth_callback"],
    });
    expect(web.status).toBe(201);
    expect(await json(web)).not.toHaveProperty("client_secret");
  });

  it("signs in, asks consent with PKCE S256 and the /mcp resource, and issues a token bound to it", async () => {
    claude = await registered("Claude");
    ana = await signUp("Ana Ferreira");
    const granted = await authorize(ana.browser, claude);
    expect(granted.accessToken).toBeDefined();
    token = granted.accessToken!;
    const claims = payloadOf(token);
    expect(claims).toMatchObject({
      aud: mcpUrl,
      iss: `${s.origin}/api/auth`,
      sub: ana.userId,
      azp: claude,
      scope: "trips:read trips:write",
    });
    // Deny sends the assistant back with access_denied and no code.
    const denied = await authorize(ana.browser, await registered("Other assistant"), {
      accept: false,
    });
    expect(denied).toEqual({ denied: "access_denied" });
  });

  it("lets the SDK's client list trips and plan one keyless, on both protocol revisions", async () => {
    const client = await connect(token);
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools.sort()).toEqual([
      "add_expense",
      "add_idea",
      "apply_changes",
      "get_balances",
      "get_forecast",
      "get_trip",
      "list_trips",
      "plan_trip",
      "propose_changes",
      "search_places",
    ]);
    const empty = await client.callTool({ name: "list_trips", arguments: {} });
    expect(empty.structuredContent).toEqual({ trips: [], nextCursor: null });

    const planned = await client.callTool({
      name: "plan_trip",
      arguments: {
        destination: "Lisbon, Portugal",
        startDate: "2027-05-01",
        endDate: "2027-05-03",
        budget: 900,
        travelStyle: "comfort",
        interests: ["Food & Dining"],
      },
    });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    const trip = tripSchema.parse((planned.structuredContent as { trip: unknown }).trip);
    expect(trip).toMatchObject({ destination: "Lisbon, Portugal", role: "owner" });
    expect(trip.itinerary.days).toHaveLength(3);
    tripId = trip.id;
    await client.close();

    const modern = await connect(token, true);
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const listed = await modern.callTool({ name: "list_trips", arguments: {} });
    expect(
      (listed.structuredContent as { trips: { id: string }[] }).trips.map((t) => t.id),
    ).toEqual([tripId]);
    await modern.close();
    // The web sees the assistant's trip as the traveller's own.
    expect((await ana.browser.get(`/api/trips/${tripId}`)).status).toBe(200);
  });

  it("proposes a change without saving it, applies it: in the history via the assistant, and live", async () => {
    const client = await connect(token);
    const read = await client.callTool({ name: "get_trip", arguments: { tripId } });
    const { trip } = read.structuredContent as { trip: { version: number; name: string } };
    // The same trip as the resource boundless://trips/{id}.
    const resource = await client.readResource({ uri: `boundless://trips/${tripId}` });
    const [content] = resource.contents as { text?: string }[];
    expect(JSON.parse(content?.text ?? "{}")).toMatchObject({
      trip: { id: tripId, version: trip.version },
    });

    const proposed = await client.callTool({
      name: "propose_changes",
      arguments: { tripId, version: trip.version, changes: { name: "Lisbon with friends" } },
    });
    expect(proposed.isError, textOf(proposed)).toBeFalsy();
    expect(proposed.structuredContent).toMatchObject({
      trip: { name: "Lisbon with friends", version: trip.version },
    });
    const unchanged = tripSchema.parse(
      ((await json(await ana.browser.get(`/api/trips/${tripId}`))) as { trip: unknown }).trip,
    );
    expect(unchanged).toMatchObject({ name: trip.name, version: trip.version });

    const stream = await ana.browser.get(`/api/trips/${tripId}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    const applied = await client.callTool({
      name: "apply_changes",
      arguments: { tripId, version: trip.version, changes: { name: "Lisbon with friends" } },
    });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({
      trip: { name: "Lisbon with friends", version: trip.version + 1 },
    });
    const change = await events.next("change");
    expect(change?.data).toMatchObject({
      version: trip.version + 1,
      by: { userId: ana.userId, name: "Ana Ferreira (via Claude)" },
    });
    await events.close();
    const { changes } = historyResponseSchema.parse(
      await json(await ana.browser.get(`/api/trips/${tripId}/history`)),
    );
    expect(changes[0]).toMatchObject({
      version: trip.version + 1,
      by: { userId: ana.userId, name: "Ana Ferreira (via Claude)" },
    });

    // A stale version is refused with the current trip, never saved over it.
    const stale = await client.callTool({
      name: "apply_changes",
      arguments: { tripId, version: trip.version, changes: { name: "Overwritten" } },
    });
    expect(stale.isError).toBe(true);
    expect(stale.structuredContent).toMatchObject({
      conflict: true,
      trip: { name: "Lisbon with friends", version: trip.version + 1 },
    });
    await client.close();
  });

  it("adds an expense and reads the balances, the expense also in the history via the assistant", async () => {
    const client = await connect(token);
    const added = await client.callTool({
      name: "add_expense",
      arguments: {
        tripId,
        expense: {
          amount: 42.5,
          currency: "USD",
          date: "2027-05-01",
          category: "food",
          description: "Dinner",
          paidBy: ana.userId,
          split: { kind: "equal", among: [ana.userId] },
        },
      },
    });
    expect(added.isError, textOf(added)).toBeFalsy();
    const balances = await client.callTool({ name: "get_balances", arguments: { tripId } });
    expect(balances.isError, textOf(balances)).toBeFalsy();
    expect(balances.structuredContent).toMatchObject({
      currency: "USD",
      members: [{ userId: ana.userId, paid: 42.5, share: 42.5, net: 0 }],
    });
    await client.close();
    const { changes } = historyResponseSchema.parse(
      await json(await ana.browser.get(`/api/trips/${tripId}/history`)),
    );
    expect(changes[0]).toMatchObject({
      summary: "Added an expense: Dinner $42.50",
      by: { name: "Ana Ferreira (via Claude)" },
    });
  });

  it('adds an idea ("Add the Musée Rodin to our ideas"), in the history via the assistant', async () => {
    const client = await connect(token);
    const added = await client.callTool({
      name: "add_idea",
      arguments: {
        tripId,
        idea: {
          title: "Musée Rodin",
          place: { name: "Musée Rodin", lat: 48.8553, lng: 2.3158 },
        },
      },
    });
    expect(added.isError, textOf(added)).toBeFalsy();
    expect(added.structuredContent).toMatchObject({
      idea: { title: "Musée Rodin", status: "idea", addedBy: ana.userId },
    });
    const refused = await client.callTool({
      name: "add_idea",
      arguments: { tripId, idea: { title: "x".repeat(201) } },
    });
    expect(refused.isError).toBe(true);
    await client.close();
    const { changes } = historyResponseSchema.parse(
      await json(await ana.browser.get(`/api/trips/${tripId}/history`)),
    );
    expect(changes[0]).toMatchObject({
      summary: "Added an idea: “Musée Rodin”",
      by: { name: "Ana Ferreira (via Claude)" },
    });
  });

  it("refuses writes to a read-only (trips:read) token, which still reads", async () => {
    const reader = await authorize(ana.browser, await registered("Reader"), {
      scope: "trips:read",
    });
    expect(reader.scope).toBe("trips:read");
    const client = await connect(reader.accessToken!);
    const listed = await client.callTool({ name: "list_trips", arguments: {} });
    expect((listed.structuredContent as { trips: unknown[] }).trips).toHaveLength(1);
    const read = await client.callTool({ name: "get_trip", arguments: { tripId } });
    const version = (read.structuredContent as { trip: { version: number } }).trip.version;
    const refused = await client.callTool({
      name: "apply_changes",
      arguments: { tripId, version, changes: { name: "Not allowed" } },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/may only read your trips/);
    const planned = await client.callTool({
      name: "plan_trip",
      arguments: {
        destination: "Porto",
        startDate: "2027-06-01",
        endDate: "2027-06-02",
        budget: 500,
        travelStyle: "comfort",
        interests: [],
      },
    });
    expect(planned.isError).toBe(true);
    await client.close();
    const after = await json(await ana.browser.get(`/api/trips/${tripId}`));
    expect((after.trip as { name: string }).name).toBe("Lisbon with friends");
  });

  it("keeps a viewer's assistant to reading, and another user's trip not found", async () => {
    const bruno = await signUp("Bruno Costa");
    const { db } = s.deps.database;
    const shared = await insertTrip(db, bruno.userId, { destination: "Seville" });
    const hidden = await insertTrip(db, bruno.userId, { destination: "Granada" });
    await db.insert(tripMembers).values({ tripId: shared.id, userId: ana.userId, role: "viewer" });

    const client = await connect(token);
    const read = await client.callTool({ name: "get_trip", arguments: { tripId: shared.id } });
    expect(read.isError, textOf(read)).toBeFalsy();
    const viewed = read.structuredContent as { trip: { role: string; version: number } };
    expect(viewed.trip.role).toBe("viewer");
    const write = await client.callTool({
      name: "apply_changes",
      arguments: { tripId: shared.id, version: viewed.trip.version, changes: { name: "Mine" } },
    });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toBe(ACCESS_MESSAGES.viewOnly);

    for (const name of ["get_trip", "get_balances", "get_forecast"]) {
      const missing = await client.callTool({ name, arguments: { tripId: hidden.id } });
      expect(missing.isError, name).toBe(true);
      expect(textOf(missing), name).toBe(MESSAGES.tripNotFound);
    }
    const apply = await client.callTool({
      name: "apply_changes",
      arguments: { tripId: hidden.id, version: 1, changes: { name: "Mine" } },
    });
    expect(textOf(apply)).toBe(MESSAGES.tripNotFound);
    await client.close();
  });

  it("refuses tokens without the resource indicator or for another resource", async () => {
    const unbound = await authorize(ana.browser, claude, { resource: null });
    expect(unbound.accessToken).toBeDefined();
    expect(await mcpStatus(unbound.accessToken!)).toBe(401);

    // Another API of the same authorization server, which this client may ask tokens for.
    const other = `${s.origin}/other-api`;
    const { db } = s.deps.database;
    await db.insert(oauthResource).values({
      id: randomBytes(8).toString("hex"),
      identifier: other,
      name: "Another API",
      createdAt: new Date(),
    });
    await db.insert(oauthClientResource).values({
      id: randomBytes(8).toString("hex"),
      clientId: claude,
      resourceId: other,
      createdAt: new Date(),
    });
    const elsewhere = await authorize(ana.browser, claude, { resource: other });
    expect(payloadOf(elsewhere.accessToken!).aud).toBe(other);
    expect(await mcpStatus(elsewhere.accessToken!)).toBe(401);
    expect(await mcpStatus(token)).toBe(200);
  });

  it("checks Host and Origin (DNS rebinding)", async () => {
    const res = await fetch(mcpUrl, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: "http://evil.example",
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(res.status).toBe(403);
  });

  it("lists connected assistants on the account, and Revoke ends their tokens at once", async () => {
    const res = await ana.browser.get("/api/account/assistants");
    expect(res.status).toBe(200);
    const { assistants } = (await json(res)) as {
      assistants: { clientId: string; name: string; scopes: string[]; lastUsedAt: string | null }[];
    };
    const listed = assistants.find((a) => a.clientId === claude);
    expect(listed).toEqual({
      clientId: claude,
      name: "Claude",
      scopes: ["trips:read", "trips:write"],
      lastUsedAt: expect.any(String) as string,
    });
    expect(assistants.find((a) => a.name === "Reader")?.scopes).toEqual(["trips:read"]);

    const revoked = await ana.browser.delete(`/api/account/assistants/${claude}`);
    expect(revoked.status).toBe(204);
    expect(await mcpStatus(token)).toBe(401);
    const after = (await json(await ana.browser.get("/api/account/assistants"))) as {
      assistants: { clientId: string }[];
    };
    expect(after.assistants.map((a) => a.clientId)).not.toContain(claude);
    expect((await ana.browser.delete(`/api/account/assistants/${claude}`)).status).toBe(404);
    // Someone else's assistants are not theirs to revoke.
    const bruno = await signUp("Bruno Revoker");
    const reader = after.assistants[0]!.clientId;
    expect((await bruno.browser.delete(`/api/account/assistants/${reader}`)).status).toBe(404);
  });

  it("ends the assistants' tokens on a password change and on signing out everywhere", async () => {
    const dora = await signUp("Dora Lima");
    const assistant = await registered("Claude");
    const first = await authorize(dora.browser, assistant);
    expect(await mcpStatus(first.accessToken!)).toBe(200);
    const changed = await dora.browser.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
    });
    expect(changed.status).toBe(200);
    expect(await mcpStatus(first.accessToken!)).toBe(401);

    const second = await authorize(dora.browser, assistant);
    expect(await mcpStatus(second.accessToken!)).toBe(200);
    const everywhere = await dora.browser.post("/api/auth/revoke-other-sessions", {});
    expect(everywhere.status).toBe(200);
    expect(await mcpStatus(second.accessToken!)).toBe(401);
  });

  it("refuses the tokens of a deleted account", async () => {
    const carla = await signUp("Carla Dias");
    const granted = await authorize(carla.browser, await registered("Claude"));
    expect(await mcpStatus(granted.accessToken!)).toBe(200);
    const deleted = await carla.browser.delete("/api/account", { password: PASSWORD });
    expect(deleted.status).toBe(204);
    expect(await mcpStatus(granted.accessToken!)).toBe(401);
  });
});
