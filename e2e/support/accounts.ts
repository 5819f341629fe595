import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { stackPorts } from "./stack-ports.ts";

/** The SMTP catcher's HTTP view of the mail the stack sent. */
const MAILBOX = `http://127.0.0.1:${stackPorts().mailbox}`;

export const PASSWORD = "correct horse battery";

let counter = 0;
/** An address no other run or test has used: every spec shares one stack and its database. */
export const freshEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${++counter}@example.com`;

type Mail = { subject: string; text: string };

/** The newest mail's link once `to` has `count` mails (the SMTP catcher's HTTP view). */
export async function mailLink(
  request: APIRequestContext,
  to: string,
  count: number,
): Promise<string> {
  let newest: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { messages: Mail[] };
        newest = body.messages[0];
        return body.messages.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const link = newest?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail to ${to}`);
  return link;
}

/**
 * Signs up through the API in the page's context (its cookies become that user's session): the
 * one way every spec signs a traveller up without going through the form. Answers the address.
 */
export async function signUpByApi(page: Page, baseURL: string, name: string, email: string) {
  return signUpWithRequest(page.request, baseURL, name, email);
}

/** The same sign-up from a request context of its own (the page under test stays signed out). */
export async function signUpWithRequest(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  email: string,
) {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name },
    ...(baseURL ? { headers: { Origin: baseURL } } : {}),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

/**
 * Signs up through the API and opens the mailed verification link in the same page, as a person
 * would: imports need a verified address.
 */
export async function signUpVerifiedByApi(
  page: Page,
  baseURL: string,
  name: string,
  email: string,
) {
  await signUpByApi(page, baseURL, name, email);
  await page.goto(await mailLink(page.request, email, 1));
  await expect(page).toHaveURL(/verified=/);
}
