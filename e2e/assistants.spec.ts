import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";

// An assistant connecting to Boundless (issue 51): the consent page it sends the traveller to, and
// the account page's connected assistants with Revoke. The assistant's side (registration, the
// token, /mcp) is plain HTTP from the test, as an assistant would do it.

const PASSWORD = "correct horse battery";
// Nothing listens there: the browser's arrival at the assistant is answered by page.route.
const CALLBACK = "http://127.0.0.1:9/callback";

async function signUp(page: Page, baseURL: string) {
  return signUpByApi(page, baseURL, "Ana Ferreira", freshEmail("assistant"));
}

async function registerAssistant(request: APIRequestContext, name: string) {
  const res = await request.post("/api/auth/oauth2/register", {
    data: {
      client_name: name,
      redirect_uris: [CALLBACK],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** Opens the authorize URL as the assistant would, in the traveller's browser; PKCE S256. */
async function startAuthorization(page: Page, baseURL: string, clientId: string) {
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: "trips:read trips:write",
    state: "state-1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: `${baseURL}/mcp`,
  });
  await page.route(`${CALLBACK}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Back at the assistant</title>" }),
  );
  await page.goto(`/api/auth/oauth2/authorize?${query}`);
  return verifier;
}

const mcpStatus = async (request: APIRequestContext, token: string) =>
  (
    await request.post("/mcp", {
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
      },
      data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
    })
  ).status();

// `request` (no cookies) is the assistant's side; `page` is the traveller's browser.
test("consent: Allow sends the assistant a code, Deny sends it away; the account page revokes it", async ({
  page,
  request,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const clientId = await registerAssistant(request, "Claude");
  const verifier = await startAuthorization(page, baseURL!, clientId);

  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connect Claude to Boundless");

  await expect(
    page.getByRole("list", { name: "What Claude asks for" }).getByRole("listitem"),
  ).toHaveText(["Claude wants to read your trips", "Claude wants to plan and change your trips"]);
  await expectAxeClean(page, "/oauth/consent");

  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(new RegExp(`^${CALLBACK}\\?`));
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("state-1");
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();

  const tokenRes = await request.post("/api/auth/oauth2/token", {
    form: {
      grant_type: "authorization_code",
      code: code!,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
      client_id: clientId,
      resource: `${baseURL}/mcp`,
    },
  });
  expect(tokenRes.status(), await tokenRes.text()).toBe(200);
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  expect(await mcpStatus(request, token)).toBe(200);

  // Deny: the other assistant gets access_denied and no code.
  const other = await registerAssistant(request, "Other assistant");
  await startAuthorization(page, baseURL!, other);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Connect Other assistant to Boundless",
  );
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page).toHaveURL(new RegExp(`^${CALLBACK}\\?`));
  expect(new URL(page.url()).searchParams.get("error")).toBe("access_denied");
  expect(new URL(page.url()).searchParams.get("code")).toBeNull();

  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Connected assistants" });
  const list = section.getByRole("list", { name: "Connected assistants" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  const claude = list.getByRole("listitem").filter({ hasText: "Claude" });
  await expect(claude).toContainText("Read your trips, plan and change your trips");
  await expect(claude).toContainText("Last used");
  await expect(claude.locator("time")).toHaveCount(1);
  await expectAxeClean(page, "/profile Connected assistants");

  await claude.getByRole("button", { name: "Revoke Claude" }).click();
  await expect(section.getByText("No assistant is connected.")).toBeVisible();
  expect(await mcpStatus(request, token)).toBe(401);
  await expectAxeClean(page, "/profile no assistants");
});

test("consent asks a signed-out traveller to log in first, then comes back", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = await signUp(page, baseURL!);
  const clientId = await registerAssistant(request, "Claude");
  const fresh = await browser.newContext({ baseURL });
  const signedOut = await fresh.newPage();
  await startAuthorization(signedOut, baseURL!, clientId);
  await expect(signedOut).toHaveURL(/\/login\?/);
  await signedOut.getByLabel("Email").fill(email);
  await signedOut.getByLabel("Password").fill(PASSWORD);
  await signedOut.getByRole("button", { name: "Login" }).click();
  await expect(signedOut).toHaveURL(/\/oauth\/consent\?/);
  await expect(signedOut.getByRole("heading", { level: 1 })).toHaveText(
    "Connect Claude to Boundless",
  );
  await signedOut.getByRole("button", { name: "Allow" }).click();
  await expect(signedOut).toHaveURL(new RegExp(`^${CALLBACK}\\?.*code=`));
  await fresh.close();
});
