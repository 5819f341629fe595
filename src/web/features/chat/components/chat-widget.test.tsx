// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "#web/lib/query-client.ts";
import { ChatWidget } from "./chat-widget.tsx";

const GREETING =
  "Hi! I'm Boundless, your personal travel assistant. I can help you plan trips, suggest destinations, and share travel tips. What kind of adventure are you looking for?";

type Sent = { message: string; history: { role: string; content: string }[] };
let sent: Sent[] = [];

/** Stands in for the network: answers /api/chat the way the server does. */
function serve(answer: (body: Sent) => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(typeof init.body === "string" ? init.body : "{}") as Sent;
      sent.push(body);
      return Promise.resolve(answer(body));
    }),
  );
}

const sse = (events: [string, unknown][]) =>
  new Response(events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join(""), {
    headers: { "Content-Type": "text/event-stream" },
  });

function renderWidget() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ChatWidget />
    </QueryClientProvider>,
  );
}

const conversation = () => screen.getByRole("list", { name: "Conversation" });

beforeEach(() => {
  sent = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ChatWidget", () => {
  it("greets once, sends on Enter only, never sends whitespace, and passes the history", async () => {
    serve(() =>
      sse([
        ["delta", { text: "Try " }],
        ["delta", { text: "Lisbon." }],
        ["done", { response: "Try Lisbon.", suggestions: [], forecast: null }],
      ]),
    );
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole("button", { name: "Open Boundless Assistant" }));
    expect(within(conversation()).getByText(GREETING)).toBeInTheDocument();

    const input = screen.getByRole("textbox", { name: "Message" });
    expect(input).toHaveFocus();
    await user.type(input, "   ");
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    expect(sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "Somewhere warm{Shift>}{Enter}{/Shift}in May");
    expect(input).toHaveValue("Somewhere warm\nin May");
    expect(sent).toHaveLength(0);
    await user.keyboard("{Enter}");

    expect(await within(conversation()).findByText("Try Lisbon.")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        message: "Somewhere warm\nin May",
        history: [expect.objectContaining({ role: "assistant", content: GREETING })],
      },
    ]);
    expect(input).toHaveValue("");
    expect(screen.getByRole("status")).toHaveTextContent("Boundless replied: Try Lisbon.");
  });

  it("shows the answer with a note under it when the proposed change had to be dropped", async () => {
    serve(() =>
      sse([
        ["delta", { text: "Mild and dry." }],
        [
          "done",
          {
            response: "Mild and dry.",
            suggestions: [],
            forecast: null,
            proposalError: "I could not turn that into a change to your trip",
          },
        ],
      ]),
    );
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole("button", { name: "Open Boundless Assistant" }));
    await user.type(screen.getByRole("textbox", { name: "Message" }), "What's the weather?{Enter}");
    const note = await within(conversation()).findByText(
      "I could not turn that into a change to your trip",
    );
    // Part of the assistant's message, under its text; nothing to accept.
    expect(note.closest("li")).toHaveTextContent("Mild and dry.");
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Boundless replied: Mild and dry. I could not turn that into a change to your trip",
    );
  });

  it("appends returned suggestions as a 'Suggested questions:' message", async () => {
    serve(() =>
      sse([
        [
          "done",
          {
            response: "Sure.",
            suggestions: ["Best time to visit?", "Local food?"],
            forecast: null,
          },
        ],
      ]),
    );
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole("button", { name: "Open Boundless Assistant" }));
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Tell me about Rome{Enter}");
    const suggestion = await within(conversation()).findByText(/^Suggested questions:/);
    expect(suggestion.textContent).toContain(
      "Suggested questions:\n• Best time to visit?\n• Local food?",
    );
  });

  it("shows the apology on a failed request and keeps the conversation", async () => {
    serve(() => new Response("{}", { status: 502 }));
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole("button", { name: "Open Boundless Assistant" }));
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hello{Enter}");
    expect(
      await within(conversation()).findByText("Sorry, I encountered an error. Please try again."),
    ).toBeInTheDocument();
    expect(within(conversation()).getByText("Hello")).toBeInTheDocument();
    expect(within(conversation()).getByText(GREETING)).toBeInTheDocument();
  });

  it("shows the server's words when rate-limited", async () => {
    const message =
      "You are sending messages faster than we can answer. Please wait a few minutes and try again.";
    serve(() => Response.json({ error: { code: "rate_limited", message } }, { status: 429 }));
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole("button", { name: "Open Boundless Assistant" }));
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hello{Enter}");
    expect(await within(conversation()).findByText(message)).toBeInTheDocument();
  });

  it("restores the open panel and conversation from session storage", async () => {
    serve(() => sse([["done", { response: "Noted.", suggestions: [], forecast: null }]]));
    const user = userEvent.setup();
    const first = renderWidget();
    await user.click(screen.getByRole("button", { name: "Open Boundless Assistant" }));
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Remember me{Enter}");
    await within(conversation()).findByText("Noted.");
    first.unmount();

    renderWidget();
    expect(within(conversation()).getByText("Remember me")).toBeInTheDocument();
    expect(within(conversation()).getByText("Noted.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close chat" }));
    expect(screen.getByRole("button", { name: "Open Boundless Assistant" })).toHaveFocus();
  });
});
