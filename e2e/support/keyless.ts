import { expect, type APIRequestContext } from "@playwright/test";
import { stackPorts } from "./stack-ports.ts";

/** The stack's second app: no AI key (the keyless planner), on the same loopback fakes. */
export const KEYLESS = `http://localhost:${stackPorts().keyless}`;

/** The second app starts beside the one Playwright waits for: waits until it answers too. */
export async function waitForKeyless(request: APIRequestContext) {
  await expect
    .poll(async () => (await request.get(`${KEYLESS}/api/health`).catch(() => null))?.status(), {
      timeout: 120_000,
    })
    .toBe(200);
}
