import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectAxeClean } from "./support/axe.ts";
import { freshEmail, signUpByApi } from "./support/accounts.ts";

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

test("edit the profile, upload an avatar, see it after reload, remove it", async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page, baseURL!, "Eve Explorer", freshEmail("profile"));
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Eve Explorer");
  const avatar = page.getByRole("img", { name: "Your avatar" });
  await expect(avatar).toHaveAttribute("src", "/default-avatar.svg");
  await expectAxeClean(page, "/profile");

  // Choose → preview → cancel keeps the current avatar.
  const chooser = page.getByLabel("Choose an image");
  await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
  const preview = page.getByRole("img", { name: "Preview of your new avatar" });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(avatar).toHaveAttribute("src", "/default-avatar.svg");

  // The browser refuses a non-image before any upload.
  await chooser.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByRole("alert")).toHaveText("File must be an image");
  await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);

  // A text file posing as a PNG passes the browser's check; the server reads the bytes and refuses it.
  await chooser.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("not really an image"),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert")).toHaveText("File must be an image");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(avatar).toHaveAttribute("src", "/default-avatar.svg");
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Choose → preview → upload.
  await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
  await expect(preview).toBeVisible();
  await expectAxeClean(page, "/profile with a preview");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(avatar).toHaveAttribute("src", /^\/api\/files\/avatars\/.+\.webp\?expires=/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await page.reload();
  await expect(avatar).toHaveAttribute("src", /^\/api\/files\/avatars\//);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await page.getByRole("button", { name: "Remove avatar" }).click();
  await expect(avatar).toHaveAttribute("src", "/default-avatar.svg");
  await page.reload();
  await expect(avatar).toHaveAttribute("src", "/default-avatar.svg");
  await expect(page.getByRole("button", { name: "Remove avatar" })).toHaveCount(0);

  // Edit and save: saving goes to /.
  await page.getByLabel("Full name").fill("");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expectAxeClean(page, "/profile with an error");

  await page.getByLabel("Full name").fill("Eve Wanderer");
  await page.getByLabel("Bio").fill("Slow travel, long walks.");
  await page.getByLabel("Preferred travel style").selectOption("budget");
  await page.getByRole("checkbox", { name: "History" }).check();
  await page.getByRole("checkbox", { name: "Food & Dining" }).check();
  await page.getByLabel("Preferred destinations").fill(" Kyoto, ,Lisbon ,");
  await page.getByLabel("Temperature").selectOption("F");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto("/profile");
  await expect(page.getByLabel("Full name")).toHaveValue("Eve Wanderer");
  await expect(page.getByLabel("Temperature")).toHaveValue("F");
  await expect(page.getByLabel("Bio")).toHaveValue("Slow travel, long walks.");
  await expect(page.getByLabel("Preferred travel style")).toHaveValue("budget");
  await expect(page.getByRole("checkbox", { name: "History" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Food & Dining" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Shopping" })).not.toBeChecked();
  await expect(page.getByLabel("Preferred destinations")).toHaveValue("Kyoto, Lisbon");
});

test("the profile screen fits a 360 px wide screen", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpByApi(page, baseURL!, "Narrow Screen", freshEmail("profile"));
  await page.goto("/profile");
  await expect(page.getByLabel("Full name")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page, "/profile at 360 px");
});
