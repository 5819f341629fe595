// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "#web/lib/router/location.tsx";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlanTripSection } from "./plan-trip-section.tsx";

// The form is a lazy chunk; loaded once up front so a busy machine's first transform does not
// outlast a findBy.
beforeAll(async () => {
  await import("./plan-trip-prefill.tsx");
  await import("./over-budget-note.tsx");
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const config = {
  providers: { google: false, github: false },
  ai: { mode: "offline" },
  planner: "real-places",
  weather: { provider: "open-meteo" },
  mail: { mode: "outbox" },
  contactEmail: "hello@boundless.travel",
  map: { tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "© OpenStreetMap" },
};

const profile = {
  fullName: "Ana",
  avatarUrl: "/default-avatar.svg",
  hasAvatar: false,
  bio: "",
  preferredTravelStyle: null,
  interests: [],
  preferredDestinations: [],
  temperatureUnit: null,
  homeCity: "Boston",
};

const overBudget = {
  error: {
    code: "over_budget",
    message: "The cheapest trip that meets these needs costs about $2,340; the budget is $1,700.",
    breakdown: {
      journeys: 1200,
      stays: 780,
      meals: 240,
      activities: 120,
      total: 2340,
      budget: 1700,
    },
  },
};

/** The network edge only: answers /api/* as the server would, and keeps what the plan request sent. */
function serve(answerTrips: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url === "/api/config") return Promise.resolve(json(200, config));
      if (url === "/api/profile") return Promise.resolve(json(200, { profile }));
      if (url === "/api/trips" && init?.method === "POST") {
        sent.push(JSON.parse(init.body as string));
        return Promise.resolve(answerTrips());
      }
      return Promise.resolve(json(404, { error: { code: "not_found", message: "Not found" } }));
    }),
  );
  return sent;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlanTripSection authStatus="signed-in" tripId={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

async function fillTheTrip(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Destination"), "Paris");
  await user.type(screen.getByLabelText("Start date"), "2030-05-01");
  await user.type(screen.getByLabelText("End date"), "2030-05-04");
  await user.type(screen.getByLabelText("Budget (USD)"), "1700");
}

describe("PlanTripForm: the whole trip (issue 47)", () => {
  it("prefills From with the profile's home city and starts with one traveller, Not shared", async () => {
    serve(() => json(500, {}));
    renderSection();
    await waitFor(() => expect(screen.getByLabelText(/^From/)).toHaveValue("Boston"));
    expect(screen.getByLabelText("Travellers")).toHaveValue(1);
    expect(screen.getByLabelText("Where to stay")).toHaveValue("not-shared");
    expect(
      within(screen.getByLabelText("Where to stay"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Any", "Hotel", "Entire home", "Private room", "Shared room", "Not shared"]);
    const food = screen.getByRole("group", { name: "Food we'd like" });
    expect(within(food).getByRole("button", { name: "Italian" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("sends the party, its needs, food and what to avoid; an over-budget answer keeps every answer", async () => {
    const sent = serve(() => json(422, overBudget));
    renderSection();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^From/)).toHaveValue("Boston"));
    await fillTheTrip(user);
    await user.clear(screen.getByLabelText("Travellers"));
    await user.type(screen.getByLabelText("Travellers"), "4");
    await user.selectOptions(screen.getByLabelText("Where to stay"), "entire-home");
    const allow = screen.getByRole("group", { name: "The place must allow" });
    await user.click(within(allow).getByRole("checkbox", { name: "pets" }));
    await user.click(within(allow).getByRole("checkbox", { name: "children under 10" }));
    const food = screen.getByRole("group", { name: "Food we'd like" });
    await user.click(within(food).getByRole("button", { name: "French" }));
    await user.click(within(food).getByRole("button", { name: "Italian" }));
    expect(within(food).getByRole("button", { name: "Italian" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(
      within(screen.getByRole("group", { name: "Avoid" })).getByRole("checkbox", {
        name: "flights",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Generate Plan" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(overBudget.error.message);
    const parts = await within(alert).findByRole("list", {
      name: "The cheapest trip, part by part",
    });
    expect(parts).toHaveTextContent("Journeys $1,200");
    expect(parts).toHaveTextContent("Stays $780");
    expect(parts).toHaveTextContent("Meals $240");
    expect(parts).toHaveTextContent("Activities $120");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      destination: "Paris",
      origin: "Boston",
      travellers: 4,
      lodging: { kind: "entire-home", needs: ["pets", "children-under-10"] },
      cuisines: ["French", "Italian"],
      avoid: ["flights"],
    });
    // The form keeps every answer.
    expect(screen.getByLabelText("Travellers")).toHaveValue(4);
    expect(screen.getByLabelText("Where to stay")).toHaveValue("entire-home");
    expect(within(allow).getByRole("checkbox", { name: "pets" })).toBeChecked();
    expect(within(food).getByRole("button", { name: "French" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByLabelText("Destination")).toHaveValue("Paris");
  });

  it("shows the schema's message under Travellers, and sends nothing", async () => {
    const sent = serve(() => json(500, {}));
    renderSection();
    const user = userEvent.setup();
    await fillTheTrip(user);
    await user.clear(screen.getByLabelText("Travellers"));
    await user.type(screen.getByLabelText("Travellers"), "25");
    await user.click(screen.getByRole("button", { name: "Generate Plan" }));
    const message = await screen.findByText("Travellers must be a whole number from 1 to 20");
    const field = screen.getByLabelText("Travellers");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    expect(sent).toEqual([]);
  });
});
