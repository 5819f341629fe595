import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user as userTable } from "#server/db/auth-schema.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { freshEmail, sessionOf } from "./support/auth-flows.ts";

// Better Auth's own endpoints took a 250,000-character name (then every
// get-session answer was 250 KB) and stored `image: "javascript:alert(1)"`. Every path that writes
// a name holds it to the profile's rule; `image` is an https URL or null; nothing is stored otherwise.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

type ErrorBody = { code?: string; message?: string };

async function userRow(id: string) {
  const [row] = await t.deps.database.db
    .select({ name: userTable.name, image: userTable.image })
    .from(userTable)
    .where(eq(userTable.id, id));
  return row;
}

async function expectRefused(res: Response, code: string, message: RegExp) {
  expect([400, 422]).toContain(res.status);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe(code);
  expect(body.message).toMatch(message);
}

describe("update-user with out-of-range fields", () => {
  it("refuses a 250,000-character name and keeps get-session small", async () => {
    const { client, userId } = await signUpUser(t, { name: "Ann" });
    const res = await client.post("/api/auth/update-user", { name: "A".repeat(250_000) });
    await expectRefused(res, "INVALID_NAME", /at most 100 characters/);
    expect((await userRow(userId))?.name).toBe("Ann");
    const session = await client.get("/api/auth/get-session");
    expect((await session.text()).length).toBeLessThan(2_000);
  });

  it("refuses a name that is only zero-width or Unicode spaces", async () => {
    const { client, userId } = await signUpUser(t, { name: "Ann" });
    for (const name of ["\u200b", " \u00a0\u3000", "\ufeff\u2060\u200d", ""]) {
      const res = await client.post("/api/auth/update-user", { name });
      await expectRefused(res, "INVALID_NAME", /Full name is required/);
    }
    expect((await userRow(userId))?.name).toBe("Ann");
  });

  it("refuses a javascript:, data: or http image and stores nothing", async () => {
    const { client, userId } = await signUpUser(t);
    for (const image of [
      "javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "http://images.example/me.png",
      "//images.example/me.png",
      42,
    ]) {
      const res = await client.post("/api/auth/update-user", { image });
      await expectRefused(res, "INVALID_IMAGE", /https URL/);
    }
    expect((await userRow(userId))?.image).toBeNull();
  });

  it("trims the name it stores and accepts an https image or null", async () => {
    const { client, userId } = await signUpUser(t);
    const ok = await client.post("/api/auth/update-user", {
      name: "\u200b  Zoë Ødegaard\u3000",
      image: "https://images.example/me.png",
    });
    expect(ok.status).toBe(200);
    expect(await userRow(userId)).toEqual({
      name: "Zoë Ødegaard",
      image: "https://images.example/me.png",
    });
    expect((await sessionOf(client))?.user.name).toBe("Zoë Ødegaard");
    expect((await client.post("/api/auth/update-user", { image: null })).status).toBe(200);
    expect((await userRow(userId))?.image).toBeNull();
    expect((await client.post("/api/auth/update-user", { name: "N".repeat(100) })).status).toBe(
      200,
    );
  });
});

describe("sign-up with out-of-range fields", () => {
  it("refuses a 200,000-character name without creating the account", async () => {
    const email = freshEmail("longname");
    const client = createClient(t);
    const res = await client.post("/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      name: "B".repeat(200_000),
    });
    await expectRefused(res, "INVALID_NAME", /at most 100 characters/);
    expect(client.cookies.size).toBe(0);
    const rows = await t.deps.database.db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email));
    expect(rows).toHaveLength(0);
  });

  it("refuses a javascript: image without creating the account", async () => {
    const email = freshEmail("badimage");
    const res = await createClient(t).post("/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      name: "",
      image: "javascript:alert(1)",
    });
    await expectRefused(res, "INVALID_IMAGE", /https URL/);
    const rows = await t.deps.database.db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email));
    expect(rows).toHaveLength(0);
  });

  it("stores a zero-width-only name as empty (the sign-up form has no name field)", async () => {
    const { userId } = await signUpUser(t, { name: "\u200b\u200b " });
    expect((await userRow(userId))?.name).toBe("");
  });
});

describe("the profile route's full name", () => {
  it("applies the same rule: zero-width only is empty, so refused with the message", async () => {
    const { client } = await signUpUser(t);
    const res = await client.put("/api/profile", { fullName: "\u200b" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("Full name is required");
    const long = await client.put("/api/profile", { fullName: "C".repeat(101) });
    expect(long.status).toBe(422);
    const profile = await client.get("/api/profile");
    expect(((await profile.json()) as { profile: { fullName: string } }).profile.fullName).toBe(
      "Test User",
    );
    const ok = await client.put("/api/profile", { fullName: "\u2060 Dana \u200b" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { profile: { fullName: string } }).profile.fullName).toBe("Dana");
  });
});
