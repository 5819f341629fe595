// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "#web/lib/router/location.tsx";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlanTripSection } from "./plan-trip-section.tsx";

// The form is a lazy chunk (plan-trip-section.tsx); transforming it on first use can take longer than
// a findBy waits on a busy machine, so it is loaded once up front.
beforeAll(async () => {
  await import("./plan-trip-prefill.tsx");
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const config = {
  providers: { google: false, github: false },
  ai: { mode: "offline" },
  planner: "general",
  weather: { provider: "open-meteo" },
  mail: { mode: "outbox" },
  contactEmail: "hello@boundless.travel",
  map: {
    tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors",
  },
};

/** The network edge only: answers /api/* like the server would. */
function serve(routes: Record<string, () => Response | Promise<Response>>) {
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const route = routes[url];
      return Promise.resolve(
        route ? route() : json(404, { error: { code: "not_found", message: "Not found" } }),
      );
    }),
  );
}

/** GET /api/profile's answer for a traveller who prefers luxury and these interests. */
const luxuryProfile = (interests: string[]) =>
  json(200, {
    profile: {
      fullName: "Ana",
      avatarUrl: "/default-avatar.svg",
      hasAvatar: false,
      bio: "",
      preferredTravelStyle: "luxury",
      interests,
      preferredDestinations: [],
    },
  });

function renderSection(props: Parameters<typeof PlanTripSection>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlanTripSection {...props} />
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

describe("PlanTripSection", () => {
  it("prefills style and interests from the profile and says plans use general suggestions", async () => {
    serve({
      "/api/config": () => json(200, config),
      "/api/profile": () => luxuryProfile(["History", "Relaxation"]),
    });
    renderSection({ authStatus: "signed-in", tripId: null });
    // The form is there at once (with the plain defaults) and the profile fills it when it arrives.
    await waitFor(() => expect(screen.getByRole("radio", { name: "Luxury" })).toBeChecked());
    expect(screen.getByRole("checkbox", { name: "History" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Relaxation" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Shopping" })).not.toBeChecked();
    expect(
      await screen.findByText(
        "Plans use general suggestions (kinds of places, not named venues), fitted to your budget.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/README/)).not.toBeInTheDocument();
  });

  it("keeps what the visitor changed before the profile arrived, and fills in the rest", async () => {
    let answerProfile: (response: Response) => void = () => undefined;
    const profile = new Promise<Response>((resolve) => (answerProfile = resolve));
    serve({ "/api/config": () => json(200, config), "/api/profile": () => profile });
    renderSection({ authStatus: "signed-in", tripId: null });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Destination"), "Tbilisi");
    await user.click(screen.getByRole("radio", { name: "Budget" }));
    answerProfile(luxuryProfile(["History"]));
    // The profile's interests fill the boxes nobody touched; the style chosen by hand stays.
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "History" })).toBeChecked());
    expect(screen.getByRole("radio", { name: "Budget" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Luxury" })).not.toBeChecked();
    expect(screen.getByLabelText("Destination")).toHaveValue("Tbilisi");
  });

  it("starts from the defaults when there is no profile yet (404)", async () => {
    serve({
      "/api/config": () => json(200, { ...config, ai: { mode: "online" }, planner: "model" }),
    });
    renderSection({ authStatus: "signed-in", tripId: null });
    expect(await screen.findByRole("radio", { name: "Comfort" })).toBeChecked();
    expect(screen.getAllByRole("checkbox").every((box) => !(box as HTMLInputElement).checked)).toBe(
      true,
    );
    expect(
      await screen.findByText(
        "Plans are written by an AI model from your destination, dates, budget and interests.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/general suggestions/)).not.toBeInTheDocument();
  });

  it("says so when the ?tripId= trip cannot be loaded (someone else's trip)", async () => {
    serve({ "/api/config": () => json(200, config) });
    renderSection({ authStatus: "signed-in", tripId: "00000000-0000-4000-8000-000000000000" });
    expect(
      await screen.findByText("That trip could not be loaded, so the form was not filled from it."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Destination")).toHaveValue("");
  });

  it("restores a signed-out visitor's draft", async () => {
    localStorage.setItem(
      "boundless:plan-trip-draft.v2",
      JSON.stringify({
        savedAt: Date.now(),
        owner: null,
        values: { destination: "Oslo", budget: 700, travelStyle: "budget", interests: [] },
      }),
    );
    serve({ "/api/config": () => json(200, config) });
    renderSection({ authStatus: "signed-out", tripId: null });
    expect(await screen.findByLabelText("Destination")).toHaveValue("Oslo");
    expect(screen.getByLabelText("Budget (USD)")).toHaveValue(700);
    expect(screen.getByRole("radio", { name: "Budget" })).toBeChecked();
  });

  it.each([
    ["0.004", "Budget must be at least 1 USD"],
    ["12.345", "Budget can have at most two decimals"],
  ])(
    "shows why a budget of %s is refused under the field, and sends nothing",
    async (budget, message) => {
      serve({ "/api/config": () => json(200, config) });
      renderSection({ authStatus: "signed-in", tripId: null });
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText("Destination"), "Lisbon");
      await user.type(screen.getByLabelText("Start date"), "2030-05-01");
      await user.type(screen.getByLabelText("End date"), "2030-05-03");
      await user.type(screen.getByLabelText("Budget (USD)"), budget);
      await user.click(screen.getByRole("button", { name: "Generate Plan" }));
      const field = screen.getByLabelText("Budget (USD)");
      const error = await screen.findByText(message);
      expect(field).toHaveAttribute("aria-invalid", "true");
      // The message is the field's own description.
      expect(error.id).not.toBe("");
      expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
      // The budget is the only thing wrong.
      for (const other of ["Destination", "Start date", "End date"])
        expect(screen.getByLabelText(other)).not.toHaveAttribute("aria-invalid", "true");
      const calls = vi
        .mocked(fetch)
        .mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
      expect(calls.filter((url) => url.startsWith("/api/trips"))).toEqual([]);
    },
  );

  it("turns the destination into cities with nights: reorder by keyboard, the sum, its message", async () => {
    serve({ "/api/config": () => json(200, config) });
    renderSection({ authStatus: "signed-in", tripId: null });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Destination"), "Paris");
    await user.type(screen.getByLabelText("Start date"), "2030-05-01");
    await user.type(screen.getByLabelText("End date"), "2030-05-05");
    await user.type(screen.getByLabelText("Budget (USD)"), "900");
    await user.click(screen.getByRole("button", { name: "Add a city" }));
    // The destination typed so far is the first city, with the trip's nights but one.
    const second = await screen.findByLabelText("City 2");
    expect(screen.getByLabelText("City 1")).toHaveValue("Paris");
    await waitFor(() => expect(second).toHaveFocus());
    await user.type(second, "Lyon");
    expect(screen.getByText("4 of 4 nights")).toBeInTheDocument();
    // Keyboard: Lyon moves up, and focus stays with Lyon's remaining button.
    screen.getByRole("button", { name: "Move Lyon up" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByLabelText("City 1")).toHaveValue("Lyon");
    expect(screen.getByLabelText("City 2")).toHaveValue("Paris");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Move Lyon down" })).toHaveFocus(),
    );
    expect(screen.getByText("Lyon is now city 1 of 2.")).toBeInTheDocument();
    // Paris now has 3 nights (the first city's): 1 fewer makes 3 of 4, and the schema says so.
    const [, parisNights] = screen.getAllByLabelText("Nights");
    await user.clear(parisNights!);
    await user.type(parisNights!, "2");
    expect(screen.getByText("3 of 4 nights")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Generate Plan" }));
    expect(await screen.findByText(/The stops' nights/)).toBeInTheDocument();
    const calls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
    expect(calls.filter((url) => url.startsWith("/api/trips"))).toEqual([]);
    // Removing a city keeps the other.
    await user.click(screen.getByRole("button", { name: "Remove Lyon" }));
    expect(screen.getByLabelText("City 1")).toHaveValue("Paris");
    expect(screen.queryByLabelText("City 2")).not.toBeInTheDocument();
  });
});
