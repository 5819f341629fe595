// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import { SessionList } from "./session-list.tsx";

const FIREFOX =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const session = (id: string, userAgent: string, ipAddress: string) => ({
  id,
  token: `token-${id}`,
  userId: "u1",
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  expiresAt: "2026-12-20T10:00:00.000Z",
  ipAddress,
  userAgent,
});

const bodyOf = (init?: RequestInit): unknown =>
  typeof init?.body === "string" ? JSON.parse(init.body) : undefined;

function renderWithQuery(element: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SessionList", () => {
  it("marks this device, names the others, and signs one out by its token", async () => {
    const user = userEvent.setup();
    let sessions = [session("s1", CHROME, "192.0.2.1"), session("s2", FIREFOX, "203.0.113.7")];
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === "/api/auth/list-sessions") return Promise.resolve(Response.json(sessions));
      if (url === "/api/auth/get-session")
        return Promise.resolve(Response.json({ session: { id: "s1" }, user: { id: "u1" } }));
      if (url === "/api/auth/revoke-session") {
        const { token } = bodyOf(init) as { token: string };
        sessions = sessions.filter((s) => s.token !== token);
        return Promise.resolve(Response.json({ status: true }));
      }
      return Promise.resolve(new Response(null, { status: 404 }));
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithQuery(<SessionList userId="u1" />);

    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [mine, theirs] = items as [HTMLElement, HTMLElement];
    expect(within(mine).getByText("This device")).toBeVisible();
    expect(mine).toHaveTextContent("Chrome on Linux");
    expect(within(mine).queryByRole("button")).toBeNull();
    expect(theirs).toHaveTextContent("Firefox on macOS");
    expect(theirs).toHaveTextContent("203.0.113.7");

    await user.click(
      within(theirs).getByRole("button", { name: "Sign out Firefox on macOS (203.0.113.7)" }),
    );
    expect(await screen.findByText("You are not signed in anywhere else.")).toBeVisible();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    const revoke = fetchMock.mock.calls.find(([url]) => url === "/api/auth/revoke-session");
    expect(bodyOf(revoke?.[1])).toEqual({ token: "token-s2" });
  });
});

describe("DeleteAccountDialog", () => {
  it("asks for the password, shows the server's refusal, and reports success", async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      const { password } = bodyOf(init) as { password: string };
      return Promise.resolve(
        password === "right one"
          ? new Response(null, { status: 204 })
          : Response.json(
              { error: { code: "invalid_password", message: "Incorrect password" } },
              { status: 403 },
            ),
      );
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithQuery(
      <DeleteAccountDialog email="a@example.com" hasPassword onDeleted={onDeleted} />,
    );

    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    expect(await within(dialog).findByText("Password is required")).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText("Password"), "wrong one");
    await user.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Incorrect password");
    expect(onDeleted).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText("Password"));
    await user.type(within(dialog).getByLabelText("Password"), "right one");
    await user.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe("/api/account");
    expect(init?.method).toBe("DELETE");
  });

  it("offers an e-mailed link to an account without a password", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetchMock);
    renderWithQuery(
      <DeleteAccountDialog email="a@example.com" hasPassword={false} onDeleted={() => undefined} />,
    );
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    expect(within(dialog).queryByLabelText("Password")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Email me a confirmation link" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent(
      "We sent the link to a@example.com.",
    );
    expect(fetchMock).toHaveBeenCalledWith("/api/account/deletion-link", expect.anything());
  });
});
