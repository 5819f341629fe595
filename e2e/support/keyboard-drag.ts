import { expect, type Page } from "@playwright/test";

/** What dnd-kit tells a screen reader during a drag (the editor's own announcements). */
export const dragLiveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Picks an activity up by keyboard: focus on its handle, Space, and the drag listening for keys.
 * dnd-kit's keyboard sensor starts the drag on the Space keydown but adds its listener for the
 * next keys (arrows, Space, Escape) in a setTimeout, so the keydown that started it is not taken
 * for a drop. A key pressed before that timer has run is lost: a person cannot press that fast, a
 * test can (Escape once did not cancel). The announcement says the drag started; a zero timer
 * queued after it runs after the sensor's (timers with equal delays run in the order they were
 * set), so once it has run the sensor is listening. An ordering barrier, not a pause.
 */
export async function pickUp(page: Page, name: string, position: number) {
  const handle = page.getByRole("button", { name: `Move ${name}`, exact: true });
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press("Space");
  await expect(dragLiveRegion(page)).toHaveText(
    new RegExp(`^${name} is over position ${position} of`),
  );
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Moves an activity by keyboard only: its handle, Space, arrows, Space. */
export async function keyboardMove(page: Page, name: string, from: number, to: number) {
  const liveRegion = dragLiveRegion(page);
  await pickUp(page, name, from);
  for (let at = from; at !== to;) {
    await page.keyboard.press(to > at ? "ArrowDown" : "ArrowUp");
    at += to > at ? 1 : -1;
    await expect(liveRegion).toHaveText(new RegExp(`^${name} is over position ${at} of`));
  }
  await page.keyboard.press("Space");
  await expect(liveRegion).toHaveText(new RegExp(`^${name} was dropped at position ${to} of`));
}
