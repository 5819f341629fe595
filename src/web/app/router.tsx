import { createBrowserRouter, RouterProvider } from "react-router";
import { RootLayout } from "./layout.tsx";
import { RouteError } from "./routes/route-error.tsx";

// Every page is its own chunk: the first view of / loads only what it needs.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: "/",
        lazy: async () => ({ Component: (await import("./routes/home.tsx")).HomeRoute }),
      },
      {
        path: "/login",
        lazy: async () => ({ Component: (await import("./routes/login.tsx")).LoginRoute }),
      },
      {
        path: "/signup",
        lazy: async () => ({ Component: (await import("./routes/signup.tsx")).SignupRoute }),
      },
      {
        path: "/verify-email",
        lazy: async () => ({
          Component: (await import("./routes/verify-email.tsx")).VerifyEmailRoute,
        }),
      },
      {
        path: "/forgot-password",
        lazy: async () => ({
          Component: (await import("./routes/forgot-password.tsx")).ForgotPasswordRoute,
        }),
      },
      {
        path: "/update-password",
        lazy: async () => ({
          Component: (await import("./routes/update-password.tsx")).UpdatePasswordRoute,
        }),
      },
      {
        path: "/profile",
        lazy: async () => ({ Component: (await import("./routes/profile.tsx")).ProfileRoute }),
      },
      {
        path: "/trips",
        lazy: async () => ({ Component: (await import("./routes/trips.tsx")).TripsRoute }),
      },
      {
        path: "/trips/:id",
        lazy: async () => ({
          Component: (await import("./routes/trip-detail.tsx")).TripDetailRoute,
        }),
      },
      {
        path: "/shared/:id",
        lazy: async () => ({
          Component: (await import("./routes/shared-trip.tsx")).SharedTripRoute,
        }),
      },
      {
        path: "/about",
        lazy: async () => ({ Component: (await import("./routes/about.tsx")).AboutRoute }),
      },
      {
        path: "/features",
        lazy: async () => ({ Component: (await import("./routes/features.tsx")).FeaturesRoute }),
      },
      {
        path: "/dev/outbox",
        lazy: async () => ({
          Component: (await import("./routes/dev-outbox.tsx")).DevOutboxRoute,
        }),
      },
      {
        path: "*",
        lazy: async () => ({ Component: (await import("./routes/not-found.tsx")).NotFoundRoute }),
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
