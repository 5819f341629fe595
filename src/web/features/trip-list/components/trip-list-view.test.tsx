import "@testing-library/jest-dom/vitest";
// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "#web/lib/router/location.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TripListResponse } from "#shared/schemas/trip-list.ts";
import { TripListView } from "./trip-list-view.tsx";

const lima: TripListResponse["trips"][number] = {
  id: "6f1c4b57-2c1e-4f57-9d61-6a8f0b0d1a11",
  name: "<img src=x onerror=alert(1)> Lima",
  destination: "<img src=x onerror=alert(1)> Lima",
  startDate: "2027-05-01",
  endDate: "2027-05-03",
  budget: 800,
  travelStyle: "budget",
  interests: [],
  status: "generated",
  isPublic: true,
  createdAt: "2026-11-21T10:00:00.000Z",
  version: 1,
  role: "owner",
  owner: { name: "Ada" },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The network edge: each call to fetch answers with the next response. */
const requestedUrl = (call: Parameters<typeof fetch> | undefined) =>
  call && typeof call[0] === "string" ? call[0] : undefined;

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  // "Recently deleted" reads its own list: empty here, and not counted with the list's requests.
  vi.stubGlobal("fetch", (...args: Parameters<typeof fetch>) =>
    requestedUrl(args) === "/api/trips/deleted"
      ? Promise.resolve(json({ trips: [] }))
      : fetchMock(...args),
  );
  return fetchMock;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <TripListView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TripListView", () => {
  it("shows 'Failed to load trips' and loads on retry", async () => {
    const fetchMock = stubFetch(
      json({ error: { code: "internal", message: "boom" } }, 500),
      json({ trips: [lima], nextCursor: null }),
    );
    renderAt("/trips");
    expect(await screen.findByText("Failed to load trips")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    const link = await screen.findByRole("link", { name: lima.destination });
    // Model and user text is text: the markup is shown, never parsed.
    expect(link.textContent).toBe(lima.destination);
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText("Shared")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("sends the URL's filters and tells 'no match' apart from 'no trips yet'", async () => {
    const fetchMock = stubFetch(json({ trips: [], nextCursor: null }));
    renderAt("/trips?q=lis&style=luxury&sort=oldest");
    expect(await screen.findByText("No trips match your filters.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear Filters" })).toBeInTheDocument();
    expect(requestedUrl(fetchMock.mock.calls[0])).toBe("/api/trips?q=lis&style=luxury&sort=oldest");

    cleanup();
    stubFetch(json({ trips: [], nextCursor: null }));
    renderAt("/trips?sort=oldest");
    expect(await screen.findByRole("heading", { name: "No trips yet" })).toBeInTheDocument();
  });

  it("does not send an impossible budget range and says why", async () => {
    const fetchMock = stubFetch();
    renderAt("/trips?minBudget=500&maxBudget=100");
    expect(
      await screen.findByText("Min budget cannot be more than max budget"),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads the next page with the cursor", async () => {
    const second = {
      ...lima,
      id: "0b6e1d7c-8f7e-4b39-9b1a-1e0e5b3f2c22",
      name: "Kyoto",
      destination: "Kyoto",
    };
    const fetchMock = stubFetch(
      json({ trips: [lima], nextCursor: "abc" }),
      json({ trips: [second], nextCursor: null }),
    );
    renderAt("/trips");
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Kyoto" })).toBeInTheDocument();
    expect(requestedUrl(fetchMock.mock.calls[1])).toBe("/api/trips?sort=newest&cursor=abc");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("lists the recently deleted trips, each with Restore; a failed restore is said", async () => {
    const deleted = {
      id: lima.id,
      name: "Lima",
      destination: "Lima, Peru",
      startDate: "2027-05-01",
      endDate: "2027-05-03",
      deletedAt: "2026-11-20T10:00:00.000Z",
      purgeAt: "2026-12-20T10:00:00.000Z",
    };
    const sent: string[] = [];
    vi.stubGlobal("fetch", (...args: Parameters<typeof fetch>) => {
      const url = requestedUrl(args);
      if (url === `/api/trips/${lima.id}/undelete`) {
        sent.push(`${args[1]?.method ?? "GET"} ${url}`);
        return Promise.resolve(json({ error: { code: "internal", message: "boom" } }, 500));
      }
      if (url === "/api/trips/deleted") return Promise.resolve(json({ trips: [deleted] }));
      return Promise.resolve(json({ trips: [], nextCursor: null }));
    });
    renderAt("/trips");
    const section = await screen.findByRole("region", { name: "Recently deleted" });
    expect(section.textContent).toContain("Lima, Peru · May 1, 2027 – May 3, 2027");
    expect(section.textContent).toContain(
      "Deleted Nov 20, 2026 · removed for good on Dec 20, 2026",
    );
    await userEvent.click(screen.getByRole("button", { name: "Restore Lima" }));
    expect((await screen.findByRole("alert")).textContent).toBe("boom");
    expect(sent).toEqual([`POST /api/trips/${lima.id}/undelete`]);
  });
});
