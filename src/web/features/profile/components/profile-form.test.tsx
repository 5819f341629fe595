// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "#web/lib/router/location.tsx";
import { Route, Switch } from "wouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "#shared/schemas/profile.ts";
import { AvatarEditor } from "./avatar-editor.tsx";
import { ProfileForm } from "./profile-form.tsx";

const bodyOf = (init?: RequestInit): unknown =>
  typeof init?.body === "string" ? JSON.parse(init.body) : undefined;

const profile: Profile = {
  fullName: "Eve",
  avatarUrl: "/default-avatar.svg",
  hasAvatar: false,
  bio: "",
  preferredTravelStyle: null,
  interests: ["History"],
  preferredDestinations: ["Kyoto"],
  temperatureUnit: null,
  homeCity: null,
};

function renderAt(element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/profile"]}>
        <Switch>
          <Route path="/profile">{element}</Route>
          <Route path="/">
            <p>Home page</p>
          </Route>
        </Switch>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ProfileForm", () => {
  it("requires a full name and sends the destinations and unit as typed, then says Saved and stays", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(Response.json({ profile: { ...profile, ...(bodyOf(init) as object) } })),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<ProfileForm profile={profile} userId="u1" />);

    expect(screen.getByLabelText("Preferred destinations")).toHaveValue("Kyoto");
    expect(screen.getByRole("checkbox", { name: "History" })).toBeChecked();
    await user.clear(screen.getByLabelText(/Full name/));
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText("Full name is required")).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Full name/), "Eve Wanderer");
    await user.selectOptions(screen.getByLabelText("Preferred travel style"), "luxury");
    await user.click(screen.getByRole("checkbox", { name: "History" }));
    await user.click(screen.getByRole("checkbox", { name: "Adventure" }));
    await user.clear(screen.getByLabelText("Preferred destinations"));
    await user.type(screen.getByLabelText("Preferred destinations"), "Kyoto, ,Lisbon ");
    await user.selectOptions(screen.getByLabelText("Temperature"), "F");
    await user.type(screen.getByLabelText("Home city"), " Boston ");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));

    expect(await screen.findByText("Saved")).toBeVisible();
    expect(screen.queryByText("Home page")).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/profile");
    expect(init?.method).toBe("PUT");
    expect(bodyOf(init)).toEqual({
      fullName: "Eve Wanderer",
      bio: "",
      preferredTravelStyle: "luxury",
      interests: ["Adventure"],
      preferredDestinations: ["Kyoto", "Lisbon"],
      temperatureUnit: "F",
      homeCity: "Boston",
    });
  });

  it("shows the server's message in red under the form", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        Response.json(
          { error: { code: "unauthorized", message: "No user session found" } },
          { status: 401 },
        ),
      ),
    );
    renderAt(<ProfileForm profile={profile} userId="u1" />);
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("No user session found");
  });
});

describe("AvatarEditor", () => {
  it("checks size and type in the browser, previews, and cancels", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderAt(<AvatarEditor profile={profile} userId="u1" />);
    const input = screen.getByLabelText("Choose an image");

    await user.upload(
      input,
      new File([new Uint8Array(2 * 1024 * 1024)], "big.png", { type: "image/png" }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("File size must be less than 2MB");

    await user.upload(input, new File(["<svg/>"], "a.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert")).toHaveTextContent("File must be an image");
    expect(screen.queryByRole("button", { name: "Upload" })).not.toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(10)], "me.png", { type: "image/png" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of your new avatar" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^blob:/) as string,
    );
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("img", { name: "Your avatar" })).toHaveAttribute(
      "src",
      "/default-avatar.svg",
    );
  });
});
