import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { freshEmail, mailLink, signUpByApi } from "./accounts.ts";
import { createTrip, type StoredTrip } from "./trips.ts";

/** The phone the shared-trip specs are played on. */
export const PHONE = { width: 360, height: 740 };

/**
 * The owner (signed in in `owner`'s context) invites a new person, who signs up in `guest`'s own
 * context, verifies their address from the mail and accepts: the way a companion joins, through the
 * API, for specs about what companions do once they are in.
 */
export async function joinTrip(
  owner: Page,
  guest: Page,
  baseURL: string,
  tripId: string,
  { name, role }: { name: string; role: "editor" | "viewer" },
) {
  const email = freshEmail(role);
  const invited = await owner.request.post(`/api/trips/${tripId}/invites`, {
    data: { email, role },
    headers: { Origin: baseURL },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invite = await mailLink(owner.request, email, 1);

  await signUpByApi(guest, baseURL, name, email);
  // The second mail to the address is the verification link, which signs the guest in.
  await guest.goto(await mailLink(owner.request, email, 2));
  await expect(guest).toHaveURL(/verified=/);
  const token = new URL(invite).pathname.split("/").pop()!;
  const accepted = await guest.request.post(`/api/invites/${token}/accept`, {
    headers: { Origin: baseURL },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return email;
}

/**
 * A trip shared by several people on phones, as the money, ideas and packing specs start: `owner`
 * signs up in `page` and plans a 3-day Paris trip (Mon 3 – Wed 5 May 2027; the geocoder fake knows
 * Paris, in France: EUR, plugs C and E), and each guest joins it (joinTrip) in a browser context of
 * their own. `close` closes the guests' contexts.
 */
export async function tripTogether<
  const G extends readonly { name: string; role: "editor" | "viewer" }[],
>(
  page: Page,
  browser: Browser,
  baseURL: string,
  {
    owner,
    ownerEmail = freshEmail("owner"),
    guests,
  }: {
    owner: string;
    ownerEmail?: string;
    guests: G;
  },
): Promise<{ trip: StoredTrip; guests: { [K in keyof G]: Page }; close: () => Promise<void> }> {
  await page.setViewportSize(PHONE);
  await signUpByApi(page, baseURL, owner, ownerEmail);
  const trip = await createTrip(page, baseURL, { destination: "Paris" });
  const contexts: BrowserContext[] = [];
  const close = async () => {
    for (const context of contexts) await context.close();
  };
  try {
    const pages: Page[] = [];
    for (let i = 0; i < guests.length; i++) {
      const context = await browser.newContext({ viewport: PHONE });
      contexts.push(context);
      pages.push(await context.newPage());
    }
    for (const [i, guest] of guests.entries())
      await joinTrip(page, pages[i]!, baseURL, trip.id, guest);
    return { trip, guests: pages as { [K in keyof G]: Page }, close };
  } catch (error) {
    await close();
    throw error;
  }
}
