import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Each new account got its own 20 generations an hour, so throwaway accounts
// multiplied the limit. GENERATION_RATE_LIMIT counts per account, GENERATION_IP_RATE_LIMIT per
// client address (with TRUST_PROXY, the address the proxy saw); both answer 429 with one message.

const PER_ACCOUNT = 2;
const PER_ADDRESS = 3;
const MESSAGE = `You have reached the limit of ${PER_ACCOUNT} trip plans per hour. Please try again later.`;

const plan = {
  destination: "Lisbon, Portugal",
  startDate: "2031-05-01",
  endDate: "2031-05-02",
  budget: 800,
  travelStyle: "budget",
  interests: ["Food & Dining"],
};

async function generate(client: TestClient, forwardedFor?: string) {
  return client.request("POST", "/api/trips", {
    json: plan,
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
  });
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(MESSAGE);
}

describe("throwaway accounts from one address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT: "1000",
      GENERATION_RATE_LIMIT: String(PER_ACCOUNT),
      GENERATION_IP_RATE_LIMIT: String(PER_ADDRESS),
    });
  });
  afterAll(() => t.close());

  it("share one per-address budget, and a spoofed X-Forwarded-For does not buy another", async () => {
    const first = await signUpUser(t);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await generate(first.client)).status).toBe(201);
    await expectLimited(await generate(first.client)); // the account's own limit

    const second = await signUpUser(t);
    expect((await generate(second.client)).status).toBe(201); // the address's third
    await expectLimited(await generate(second.client)); // the address's limit

    const third = await signUpUser(t);
    await expectLimited(await generate(third.client));
    // Without TRUST_PROXY the header is the client's word, not its address.
    await expectLimited(await generate(third.client, "198.51.100.23"));
  });
});

describe("behind a proxy (TRUST_PROXY=true)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT: "1000",
      GENERATION_RATE_LIMIT: String(PER_ACCOUNT),
      GENERATION_IP_RATE_LIMIT: String(PER_ADDRESS),
      TRUST_PROXY: "true",
    });
  });
  afterAll(() => t.close());

  it("counts per address the proxy saw, whatever the client put before it", async () => {
    const attacker = "203.0.113.50";
    let used = 0;
    for (let account = 0; account < 3 && used < PER_ADDRESS; account++) {
      const { client } = await signUpUser(t);
      for (let i = 0; i < PER_ACCOUNT && used < PER_ADDRESS; i++, used++) {
        // A different made-up first hop every time: only the proxy's last hop counts.
        expect((await generate(client, `10.0.${account}.${i}, ${attacker}`)).status).toBe(201);
      }
    }
    const fresh = await signUpUser(t);
    await expectLimited(await generate(fresh.client, `10.9.9.9, ${attacker}`));
    // Someone else behind the same proxy has their own budget.
    expect((await generate(fresh.client, "203.0.113.51")).status).toBe(201);
  });
});
