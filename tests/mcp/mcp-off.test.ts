import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicConfigSchema } from "#shared/schemas/config.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// MCP=off: no endpoint for assistants and no OAuth server behind it, while the rest of the app, its
// accounts included, works as ever.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", MCP: "off" });
});
afterAll(() => t.close());

describe("MCP=off", () => {
  it("serves no MCP endpoint, no discovery documents, and lists no MCP URL", async () => {
    const visitor = createClient(t);
    const mcp = await visitor.post("/mcp", { jsonrpc: "2.0", id: 1, method: "initialize" });
    expect(mcp.status).toBe(404);
    expect(mcp.headers.get("www-authenticate")).toBeNull();
    for (const path of [
      "/.well-known/oauth-authorization-server",
      "/.well-known/openid-configuration",
      "/.well-known/oauth-protected-resource/mcp",
    ])
      expect((await visitor.get(path)).status, path).toBe(404);
    const config = publicConfigSchema.parse(await (await visitor.get("/api/config")).json());
    expect(config.mcp).toBeUndefined();
  });

  it("still signs travellers up and in", async () => {
    const { client } = await signUpUser(t);
    const session = await client.get("/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(session.headers.get("set-auth-jwt")).toBeNull();
  });
});
