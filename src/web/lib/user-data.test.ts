// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CHAT_STORAGE_KEY,
  PLAN_DRAFT_STORAGE_KEY,
  currentTabUserId,
  forgetUserData,
  noteSessionUser,
} from "./user-data.ts";

const SESSION = ["session"] as const;
const TRIPS = ["trips", "list"] as const;

let client: QueryClient;

const fillTab = () => {
  sessionStorage.setItem(CHAT_STORAGE_KEY, '{"open":true,"messages":[]}');
  // As saveDraft writes it: the device's storage, owned by whoever the tab has signed in.
  localStorage.setItem(
    PLAN_DRAFT_STORAGE_KEY,
    JSON.stringify({
      savedAt: Date.now(),
      owner: currentTabUserId(),
      values: { destination: "Lisbon" },
    }),
  );
  client.setQueryData(SESSION, { user: { id: "x" } });
  client.setQueryData(TRIPS, ["a trip"]);
};
const kept = () => ({
  chat: sessionStorage.getItem(CHAT_STORAGE_KEY) !== null,
  draft: localStorage.getItem(PLAN_DRAFT_STORAGE_KEY) !== null,
  session: client.getQueryData(SESSION) !== undefined,
  trips: client.getQueryData(TRIPS) !== undefined,
});
const everything = { chat: true, draft: true, session: true, trips: true };
const onlySession = { chat: false, draft: false, session: true, trips: false };

beforeEach(() => {
  client = new QueryClient();
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  client.clear();
});

describe("noteSessionUser", () => {
  it("keeps what a signed-out visitor typed when they log in: the draft and chat are theirs", () => {
    noteSessionUser(null, client, SESSION, Date.now());
    fillTab();
    noteSessionUser("alice", client, SESSION, Date.now());
    expect(kept()).toEqual(everything);
  });

  it("keeps a signed-out visitor's draft for the user who signs in from another tab", () => {
    noteSessionUser(null, client, SESSION, Date.now());
    fillTab();
    sessionStorage.clear(); // the verification link's new tab
    noteSessionUser("alice", client, SESSION, Date.now());
    expect(JSON.parse(localStorage.getItem(PLAN_DRAFT_STORAGE_KEY) ?? "{}")).toMatchObject({
      owner: "alice",
      values: { destination: "Lisbon" },
    });
  });

  it("keeps everything while the same user stays signed in", () => {
    noteSessionUser("alice", client, SESSION, Date.now());
    fillTab();
    noteSessionUser("alice", client, SESSION, Date.now());
    expect(kept()).toEqual(everything);
  });

  it("forgets the previous user's chat, draft and queries when another user signs in", () => {
    noteSessionUser("alice", client, SESSION, Date.now());
    fillTab();
    noteSessionUser("bob", client, SESSION, Date.now());
    expect(kept()).toEqual(onlySession);
    // Bob's own draft, typed next, is his to keep.
    fillTab();
    noteSessionUser("bob", client, SESSION, Date.now());
    expect(kept()).toEqual(everything);
  });

  it("forgets the previous user's stores when the session has ended (revoked, expired)", () => {
    noteSessionUser("alice", client, SESSION, Date.now());
    fillTab();
    noteSessionUser(null, client, SESSION, Date.now());
    expect(kept()).toEqual(onlySession);
    // The tab then belongs to a signed-out visitor, whose draft survives their logging in.
    fillTab();
    noteSessionUser(null, client, SESSION, Date.now());
    noteSessionUser("bob", client, SESSION, Date.now());
    expect(kept()).toEqual(everything);
  });
});

describe("forgetUserData", () => {
  it("forgets the tab's stores and who it belonged to, so the next user keeps nothing of them", async () => {
    noteSessionUser("alice", client, SESSION, Date.now());
    fillTab();
    await forgetUserData();
    expect(kept()).toMatchObject({ chat: false, draft: false });
    // A draft typed after sign-out is a signed-out visitor's, kept when they log in.
    fillTab();
    noteSessionUser("bob", client, SESSION, Date.now());
    expect(kept()).toEqual(everything);
  });
});
