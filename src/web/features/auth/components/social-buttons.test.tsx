// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SocialButtons } from "./social-buttons.tsx";

afterEach(cleanup);

const renderButtons = (providers: { google: boolean; github: boolean }) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SocialButtons providers={providers} returnTo="/" />
    </QueryClientProvider>,
  );

describe("SocialButtons", () => {
  it("keeps an unconfigured provider's button, disabled, with the reason tied to it", () => {
    renderButtons({ google: false, github: true });
    const google = screen.getByRole("button", { name: "Continue with Google" });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription("Google sign-in is not set up on this server yet.");
    expect(screen.getByText("Google sign-in is not set up on this server yet.")).toBeVisible();

    const github = screen.getByRole("button", { name: "Continue with GitHub" });
    expect(github).toBeEnabled();
    expect(screen.queryByText(/GitHub sign-in is not set up/)).toBeNull();
  });
});
