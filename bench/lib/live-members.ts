import { firstLink, type SmtpCatcher } from "#tests/fakes/smtp-catcher.ts";
import { signUp } from "./session.ts";

export type Member = { userId: string; cookie: string; email: string };

/**
 * Makes `count` companions of a trip the way people become ones, all through the API: each signs
 * up, follows the verification link from the mail, is invited by the owner (a second mail) and
 * accepts the invitation. A few at a time, so that the setup does not take minutes.
 */
export async function inviteMembers(options: {
  url: string;
  origin: string;
  smtp: SmtpCatcher;
  owner: { cookie: string };
  tripId: string;
  count: number;
  stamp: number;
  /** The role they are invited with: viewers unless said (the ideas bench needs voters: editors). */
  role?: "viewer" | "editor";
}): Promise<Member[]> {
  const { url, origin, smtp, owner, tripId } = options;
  const post = (path: string, cookie: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
  const one = async (index: number): Promise<Member> => {
    const email = `live-${options.stamp}-${index}@bench.local`;
    const person = await signUp(url, origin, email);
    // Only a verified address may accept: the link from the sign-up's mail, opened in the browser
    // that signed up (opened elsewhere, the account is handed to the mailbox and its sessions end).
    const verification = firstLink(await smtp.waitForMessage(email, { timeoutMs: 15_000 }));
    const verified = await fetch(verification, {
      redirect: "manual",
      headers: { cookie: person.cookie },
      signal: AbortSignal.timeout(15_000),
    });
    await verified.arrayBuffer();
    if (verified.status >= 400) throw new Error(`verification link: ${verified.status}`);
    const invited = await post(`/api/trips/${tripId}/invites`, owner.cookie, {
      email,
      role: options.role ?? "viewer",
    });
    if (invited.status !== 201)
      throw new Error(`invite ${invited.status}: ${(await invited.text()).slice(0, 200)}`);
    await invited.arrayBuffer();
    const link = firstLink(await smtp.waitForMessage(email, { timeoutMs: 15_000 }));
    const token = link.split("/invites/")[1];
    if (!token) throw new Error(`not an invitation link: ${link}`);
    const accepted = await post(`/api/invites/${token}/accept`, person.cookie);
    if (accepted.status !== 200)
      throw new Error(`accept ${accepted.status}: ${(await accepted.text()).slice(0, 200)}`);
    await accepted.arrayBuffer();
    return { userId: person.userId, cookie: person.cookie, email };
  };
  const members: Member[] = [];
  const AT_ONCE = 5;
  for (let start = 0; start < options.count; start += AT_ONCE) {
    const batch = Array.from(
      { length: Math.min(AT_ONCE, options.count - start) },
      (_, i) => start + i,
    );
    members.push(...(await Promise.all(batch.map(one))));
  }
  return members;
}
