import { eq } from "drizzle-orm";
import { user } from "#server/db/auth-schema.ts";
import type { TestApp } from "./test-app.ts";
import { TEST_ORIGIN } from "./test-app.ts";

/** A small browser-like client for app.request(): same-origin header, a cookie jar, JSON helpers. */
export function createClient(t: Pick<TestApp, "app">) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

  const request = async (
    method: string,
    url: string,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...init.headers };
    if (jar.size > 0) headers.Cookie = cookieHeader();
    let body = init.body;
    if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const response = await t.app.request(url, { method, headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), rest.join("="));
    }
    return response;
  };

  return {
    request,
    get: (url: string, headers?: Record<string, string>) => request("GET", url, { headers }),
    post: (url: string, json?: unknown, headers?: Record<string, string>) =>
      request("POST", url, { json, headers }),
    put: (url: string, json?: unknown) => request("PUT", url, { json }),
    patch: (url: string, json?: unknown) => request("PATCH", url, { json }),
    delete: (url: string) => request("DELETE", url),
    cookies: jar,
  };
}

export type TestClient = ReturnType<typeof createClient>;

let counter = 0;

/** Signs up a fresh user through the real auth API; the client then carries their session cookie. */
export async function signUpUser(
  t: Pick<TestApp, "app">,
  options: { email?: string; password?: string; name?: string } = {},
) {
  const client = createClient(t);
  const email = options.email ?? `user${Date.now()}-${++counter}@example.com`;
  const password = options.password ?? "correct horse battery";
  const response = await client.post("/api/auth/sign-up/email", {
    email,
    password,
    name: options.name ?? "Test User",
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { client, email, password, userId: body.user.id };
}

/** A fresh user whose address is verified (as after opening the mail's link): imports need one. */
export async function signUpVerifiedUser(
  t: Pick<TestApp, "app" | "deps">,
  options: { email?: string; password?: string; name?: string } = {},
) {
  const signedUp = await signUpUser(t, options);
  await t.deps.database.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.id, signedUp.userId));
  return signedUp;
}
