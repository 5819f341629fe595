import { expect, test } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";

const PUBLIC_ROUTES = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/update-password",
  "/about",
  "/features",
  "/no-such-page",
];
const GUARDED_ROUTES = [
  "/profile",
  "/trips",
  "/trips/00000000-0000-4000-8000-000000000000",
  "/verify-email",
];

test.describe("shared layout", () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} renders inside the layout and is axe-clean`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole("link", { name: "Boundless", exact: true })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Quick links" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectAxeClean(page, route);
    });
  }

  for (const route of GUARDED_ROUTES) {
    test(`${route} sends a signed-out visitor to /login carrying the origin`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login\?from=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get("from") ?? "")).toBe(route);
    });
  }

  test("signed-out top bar offers Login and Sign Up; footer shows contact e-mail", async ({
    page,
  }) => {
    await page.goto("/about");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(page.getByRole("link", { name: "hello@boundless.travel" })).toBeVisible();
  });

  test("is usable on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/features");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
