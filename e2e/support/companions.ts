import { expect, type Page } from "@playwright/test";
import { freshEmail, mailLink, signUpByApi } from "./accounts.ts";

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
