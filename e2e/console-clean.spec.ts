import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";

// Playwright blocks service workers in this stack; that warning, and the app's own note that the
// offline copy is therefore missing, come from the test set-up, not from the app.
const SET_UP = [/Service Worker registration blocked by Playwright/, /offline copy of the app/];

/** Every console warning or error and every CSP violation a page reports while it is used. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "warning" && message.type() !== "error") return;
    if (SET_UP.some((pattern) => pattern.test(message.text()))) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test("Home and the profile page log no warning and break no CSP rule", async ({
  page,
  baseURL,
}) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems, "Home, signed out").toEqual([]);

  await signUpByApi(page, baseURL!, "Quiet Console", freshEmail("console"));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(problems, "Home, signed in").toEqual([]);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems, "Profile").toEqual([]);
});

// Radix's dialog locked the page's scroll with an injected <style> element, which the CSP
// (style-src 'self') refuses; the dialogs are now the browser's own <dialog>, the lock a CSS rule.
test("an open dialog logs no warning, breaks no CSP rule and locks the page's scroll", async ({
  page,
  baseURL,
}) => {
  const problems = watchConsole(page);
  await signUpByApi(page, baseURL!, "Quiet Console", freshEmail("console"));
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  // The page behind does not scroll while the dialog is open (the rule in styles.css).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
    "hidden",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Focus is back on the button that opened it.
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
    "visible",
  );
  await page.waitForLoadState("networkidle");
  expect(problems, "a dialog").toEqual([]);
});
