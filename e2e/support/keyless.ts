import { expect, type APIRequestContext } from "@playwright/test";
import { stackPorts } from "./stack-ports.ts";

/** The stack's second app: no AI key (the keyless planner), on the same loopback fakes. */
export const KEYLESS = `http://localhost:${stackPorts().keyless}`;

/**
 * The third app: keyless too, its Overpass fake carrying the whole trip's lodging, cafés and
 * restaurants with cuisines in Paris and Lyon (issue 47), which the other apps' maps leave out.
 */
export const WHOLE_TRIP_APP = `http://localhost:${stackPorts().wholeTrip}`;

/** The second (or `app`) starts beside the one Playwright waits for: waits until it answers too. */
export async function waitForKeyless(request: APIRequestContext, app = KEYLESS) {
  await expect
    .poll(async () => (await request.get(`${app}/api/health`).catch(() => null))?.status(), {
      timeout: 120_000,
    })
    .toBe(200);
}
