import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "#shared/messages.ts";
import { CALENDAR_ICS } from "#tests/support/booking-fixtures.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, signUpVerifiedUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// F-3 (security review three): any visitor who could sign up could have the server read hostile
// files, from as many throwaway accounts as they liked, since the import limit was per account.
// Every import route now needs a verified address (403) and counts per account (IMPORT_RATE_LIMIT)
// and per client address (IMPORT_IP_RATE_LIMIT), 429 with Retry-After.

const PER_ACCOUNT = 2;
const PER_ADDRESS = 3;

type ErrorBody = { error: { code: string; message: string } };

function importTo(client: TestClient, url: string, forwardedFor?: string) {
  const form = new FormData();
  form.append("file", new File([CALENDAR_ICS], "plans.ics", { type: "text/calendar" }));
  return client.request("POST", url, {
    body: form,
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
  });
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await res.json()) as ErrorBody).error.message).toBe(IMPORT_MESSAGES.rateLimited);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    IMPORT_RATE_LIMIT: String(PER_ACCOUNT),
    IMPORT_IP_RATE_LIMIT: String(PER_ADDRESS),
  });
});
afterAll(() => t.close());

describe("an unverified throwaway account", () => {
  it("cannot import on either route: 403 saying to verify the address, before the body is read", async () => {
    const { client, userId } = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, userId, { days: 2 });
    for (const url of ["/api/bookings/import", `/api/trips/${trip.id}/bookings/import`]) {
      const res = await importTo(client, url);
      expect(res.status).toBe(403);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toEqual({
        code: "email_not_verified",
        message: IMPORT_MESSAGES.emailNotVerified,
      });
      expect(body.error.message).toMatch(/verify your e-mail address/i);
      // A body that is not even multipart is refused the same way: nothing was parsed.
      const junk = await client.request("POST", url, {
        body: "--x\r\nnot a part",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
      });
      expect(junk.status).toBe(403);
    }
  });

  it("another person's trip is still a 404, not a hint that it exists", async () => {
    const owner = await signUpVerifiedUser(t);
    const trip = await insertTrip(t.deps.database.db, owner.userId, { days: 2 });
    const { client } = await signUpUser(t);
    expect((await importTo(client, `/api/trips/${trip.id}/bookings/import`)).status).toBe(404);
  });
});

describe("verified throwaway accounts from one address", () => {
  it("share one per-address budget (IMPORT_IP_RATE_LIMIT), whatever X-Forwarded-For says", async () => {
    const first = await signUpVerifiedUser(t);
    const trip = await insertTrip(t.deps.database.db, first.userId, { days: 2 });
    const url = `/api/trips/${trip.id}/bookings/import`;
    for (let i = 0; i < PER_ACCOUNT; i++)
      expect((await importTo(first.client, url)).status).toBe(200);
    await expectLimited(await importTo(first.client, url)); // the account's own limit

    const second = await signUpVerifiedUser(t);
    // The address's third, on the other route: one budget for every import route.
    expect((await importTo(second.client, "/api/bookings/import")).status).not.toBe(429);
    await expectLimited(await importTo(second.client, "/api/bookings/import"));

    const third = await signUpVerifiedUser(t);
    await expectLimited(await importTo(third.client, "/api/bookings/import"));
    // Without TRUST_PROXY the header is the client's word, not its address.
    await expectLimited(await importTo(third.client, "/api/bookings/import", "198.51.100.7"));
  });
});
