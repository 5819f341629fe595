import { expect, test, type Page } from "@playwright/test";

/** The pages the server sends with their markup inside #root (src/web/app/router.tsx). */
const PRERENDERED = [
  ["/", "Your next trip, planned in minutes"],
  ["/login", "Login"],
  ["/signup", "Sign Up"],
  ["/forgot-password", "Forgot password"],
  ["/about", "About Boundless"],
  ["/features", "Features"],
] as const;

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf("</body>"));

/** Console errors and uncaught exceptions of a page, React's hydration mismatches included. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("prerendered public pages", () => {
  test("arrive with their content in the HTML; other pages and query strings are built in the browser", async ({
    request,
  }) => {
    for (const [path] of PRERENDERED) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("no-cache");
      const root = rootOf(await response.text());
      expect(root, path).toContain("<h1");
      expect(root, path).toContain('aria-label="Open Boundless Assistant"');
    }
    const home = rootOf(await (await request.get("/")).text());
    expect(home).toContain("Your next trip, planned in minutes");
    // The server's own config decides what the page says plans are made from: the e2e stack plans
    // with the model fake, and the note never points at the README.
    const config = (await (await request.get("/api/config")).json()) as { planner: string };
    expect(config.planner).toBe("model");
    expect(home).toContain("Plans are written by an AI model");
    expect(home).not.toContain("README");
    for (const path of [
      "/trips",
      "/profile",
      "/login?from=%2Ftrips",
      "/?tripId=x",
      "/no-such-page",
    ]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  test("read without JavaScript, and a form cannot be sent before the app has taken it over", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading] of PRERENDERED) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    await page.goto("/login");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password").fill("a-password-123");
    // Disabled, so neither a click nor Enter sends the fields (and the password) in the address bar.
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeDisabled();
    await page.getByLabel("Password").press("Enter");
    expect(page.url()).not.toContain("password");
    // The Home form is on the page, drawn with its defaults, and closed until the app runs.
    await page.goto("/");
    await expect(page.getByLabel("Destination")).toBeDisabled();
    await expect(page.getByRole("radio", { name: "Comfort" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Generate Plan" })).toBeDisabled();
    await context.close();
  });

  test("the prerendered Home form opens once hydrated and keeps a visitor's draft", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    await page.evaluate(() =>
      localStorage.setItem(
        "boundless:plan-trip-draft.v2",
        JSON.stringify({
          savedAt: Date.now(),
          owner: null,
          values: { destination: "Oslo, Norway", travelStyle: "budget", interests: ["History"] },
        }),
      ),
    );
    await page.reload();
    // The prerendered form shows the defaults; once the app has it, the draft fills it in.
    await expect(page.getByLabel("Destination")).toHaveValue("Oslo, Norway");
    await expect(page.getByRole("radio", { name: "Budget" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "History" })).toBeChecked();
    await expect(page.getByLabel("Destination")).toBeEnabled();
    await page.getByLabel("Destination").fill("Bergen, Norway");
    await expect(page.getByLabel("Destination")).toHaveValue("Bergen, Norway");
    expect(errors).toEqual([]);
  });

  for (const [path, heading] of PRERENDERED)
    test(`${path} hydrates without an error and then works as the app`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // The session is checked once React has taken the page over: the top bar then fills in.
      await expect(page.getByRole("link", { name: "Sign Up", exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
      await expect(page.getByRole("textbox", { name: "Message" })).toBeFocused();
      expect(errors).toEqual([]);
    });

  test("the prerendered login form is answered by the app once hydrated", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/login");
    const submit = page.getByRole("button", { name: "Login", exact: true });
    await expect(submit).toBeEnabled();
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-the-password-1");
    await submit.click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
    ).toBeVisible();
    expect(page.url()).not.toContain("password");
    // The browser logs the refused sign-in's 401 itself; nothing else may be there.
    expect(errors.filter((e) => !e.includes("status of 401"))).toEqual([]);
  });
});
