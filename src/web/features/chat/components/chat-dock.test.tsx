// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "#web/lib/query-client.ts";
import { noteSessionUser } from "#web/lib/user-data.ts";
import { ChatDock } from "./chat-dock.tsx";

const SESSION = ["session"] as const;
const GREETING =
  "Hi! I'm Boundless, your personal travel assistant. I can help you plan trips, suggest destinations, and share travel tips. What kind of adventure are you looking for?";

function renderDock() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ChatDock />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(cleanup);

describe("ChatDock", () => {
  it("shows only the launcher until asked, then opens the assistant with its greeting and focus inside", async () => {
    const user = userEvent.setup();
    renderDock();
    const launcher = screen.getByRole("button", { name: "Open Boundless Assistant" });
    expect(screen.queryByRole("region", { name: "Boundless Assistant" })).not.toBeInTheDocument();

    await user.click(launcher);
    const panel = await screen.findByRole("region", { name: "Boundless Assistant" });
    expect(
      within(within(panel).getByRole("list", { name: "Conversation" })).getByText(GREETING),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();

    // Closing hands the focus back to the launcher, which opens the same conversation again.
    await user.click(screen.getByRole("button", { name: "Close chat" }));
    const again = screen.getByRole("button", { name: "Open Boundless Assistant" });
    expect(again).toHaveFocus();
    await user.click(again);
    expect(await screen.findAllByText(GREETING)).toHaveLength(1);
  });

  it("brings back a chat left open in this tab without a click, once the session check has answered", async () => {
    sessionStorage.setItem(
      "boundless.chat.v1",
      JSON.stringify({
        open: true,
        messages: [
          {
            id: "m1",
            role: "user",
            content: "Where in Portugal?",
            timestamp: "2026-11-23T10:00:00.000Z",
          },
        ],
      }),
    );
    renderDock();
    // Not before the session check has answered: the chat might be a previous user's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Boundless Assistant" })).not.toBeInTheDocument();
    act(() => noteSessionUser(null, createQueryClient(), SESSION, Date.now()));
    const panel = await screen.findByRole("region", { name: "Boundless Assistant" });
    expect(within(panel).getByText("Where in Portugal?")).toBeInTheDocument();
  });

  it("drops a previous user's open chat from the screen and the tab when another user is seen", async () => {
    const client = createQueryClient();
    act(() => noteSessionUser("alice", client, SESSION, Date.now()));
    sessionStorage.setItem(
      "boundless.chat.v1",
      JSON.stringify({
        open: true,
        messages: [
          {
            id: "a1",
            role: "user",
            content: "Alice's surprise party",
            timestamp: "2026-11-23T10:00:00.000Z",
          },
        ],
      }),
    );
    renderDock();
    const panel = await screen.findByRole("region", { name: "Boundless Assistant" });
    expect(within(panel).getByText("Alice's surprise party")).toBeInTheDocument();

    act(() => noteSessionUser("bob", client, SESSION, Date.now()));
    expect(screen.getByRole("button", { name: "Open Boundless Assistant" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Boundless Assistant" })).not.toBeInTheDocument();
    expect(screen.queryByText("Alice's surprise party")).not.toBeInTheDocument();
    expect(sessionStorage.getItem("boundless.chat.v1")).toBeNull();
  });

  it("keeps a closed chat behind its launcher after a reload", () => {
    sessionStorage.setItem("boundless.chat.v1", JSON.stringify({ open: false, messages: [] }));
    renderDock();
    expect(screen.getByRole("button", { name: "Open Boundless Assistant" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Boundless Assistant" })).not.toBeInTheDocument();
  });
});
