// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Link, NavLink } from "./link.tsx";
import type { ReactNode } from "react";
import { Route, Switch } from "wouter";
import {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  StaticRouter,
  useLocation,
  useParams,
  useSearchParams,
} from "./location.tsx";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

function Here() {
  const location = useLocation();
  const params = useParams();
  return (
    <p data-testid="here">
      {location.pathname}
      {location.search}|{JSON.stringify(params)}
    </p>
  );
}

function Layout({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <p>{name}</p>
      {children}
    </div>
  );
}

// The app's shape (app/router.tsx): the print pages in their layout, the others in the main one,
// parameters, a catch-all.
const appRoutes = (
  <Switch>
    <Route path="/trips/:id/print">
      <Layout name="print layout">
        <Here />
      </Layout>
    </Route>
    <Route>
      <Layout name="main layout">
        <Switch>
          <Route path="/">
            <Here />
          </Route>
          <Route path="/trips">
            <Here />
          </Route>
          <Route path="/trips/:id">
            <Here />
          </Route>
          <Route>
            <p>Not found</p>
          </Route>
        </Switch>
      </Layout>
    </Route>
  </Switch>
);

// Without React's markers between adjacent texts.
const at = (path: string) =>
  renderToString(<StaticRouter location={path}>{appRoutes}</StaticRouter>).replaceAll(
    "<!-- -->",
    "",
  );

describe("matching", () => {
  it("picks the most specific pattern, inside its layout", () => {
    expect(at("/trips/abc/print")).toContain("print layout");
    expect(at("/trips/abc/print")).toContain("{&quot;id&quot;:&quot;abc&quot;}");
    expect(at("/trips/abc")).toContain("main layout");
    expect(at("/trips")).toContain("/trips|{}");
    expect(at("/")).toContain("/|{}");
  });

  it("ignores letter case and a trailing slash, and decodes parameters", () => {
    expect(at("/TRIPS/a%20b/")).toContain("a b");
    expect(at("/Trips/")).not.toContain("Not found");
  });

  it("sends everything else to the catch-all", () => {
    expect(at("/nowhere")).toContain("Not found");
    expect(at("/trips/a/b")).toContain("Not found");
  });
});

describe("navigation in the browser", () => {
  it("a plain click on a link navigates with its state; back returns", async () => {
    render(
      <BrowserRouter>
        <Link to="/trips/7?x=1" state={{ from: "/" }}>
          Trip
        </Link>
        {appRoutes}
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Trip" }));
    expect(window.location.pathname + window.location.search).toBe("/trips/7?x=1");
    expect(await screen.findByTestId("here")).toHaveTextContent('/trips/7?x=1|{"id":"7"}');
    expect(window.history.state).toEqual({ from: "/" });
    // Back and forward: the browser has changed the address, then says so.
    act(() => {
      window.history.replaceState(null, "", "/trips");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(await screen.findByText("/trips|{}")).toBeInTheDocument();
  });

  it("a click with a modifier key is left to the browser", () => {
    render(
      <BrowserRouter>
        <Link to="/trips">Trips</Link>
        {appRoutes}
      </BrowserRouter>,
    );
    const link = screen.getByRole("link", { name: "Trips" });
    expect(link).toHaveAttribute("href", "/trips");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => void link.dispatchEvent(click));
    // Not prevented: the browser opens it (a new tab) as it would any link.
    expect(click.defaultPrevented).toBe(false);
    const plain = new MouseEvent("click", { bubbles: true, cancelable: true });
    act(() => void link.dispatchEvent(plain));
    expect(plain.defaultPrevented).toBe(true);
  });

  it("a link to the page shown replaces the history entry", async () => {
    window.history.replaceState(null, "", "/trips");
    render(
      <BrowserRouter>
        <Link to="/trips">Trips</Link>
        {appRoutes}
      </BrowserRouter>,
    );
    const length = window.history.length;
    await userEvent.click(screen.getByRole("link", { name: "Trips" }));
    expect(window.history.length).toBe(length);
  });
});

describe("links, query and redirects", () => {
  it("NavLink marks the page shown and its children, not its siblings", () => {
    const html = renderToString(
      <StaticRouter location="/trips/1">
        <NavLink to="/trips" className={({ isActive }) => (isActive ? "on" : "off")}>
          Trips
        </NavLink>
        <NavLink to="/profile">Profile</NavLink>
        <NavLink to="/">Home</NavLink>
      </StaticRouter>,
    );
    expect(html).toContain('<a aria-current="page" href="/trips" class="on">');
    expect(html).toContain('<a href="/profile" class="">');
    expect(html).toContain('<a href="/" class="">');
  });

  it("a query-only link keeps the path; a link to another site is a plain link", () => {
    const html = renderToString(
      <StaticRouter location="/trips?q=a#top">
        <Link to="?q=b">Next</Link>
        <Link to="https://example.org/x">Out</Link>
      </StaticRouter>,
    );
    expect(html).toContain('href="/trips?q=b"');
    expect(html).toContain('href="https://example.org/x"');
  });

  function Search() {
    const [params, setParams] = useSearchParams();
    return (
      <button type="button" onClick={() => setParams(new URLSearchParams({ q: "two words" }))}>
        {params.get("q") ?? "none"}
      </button>
    );
  }

  it("setting the query navigates to the same path with it", async () => {
    render(
      <MemoryRouter initialEntries={["/trips?q=one"]}>
        <Search />
        <Here />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "one" }));
    expect(await screen.findByRole("button", { name: "two words" })).toBeInTheDocument();
    expect(screen.getByTestId("here")).toHaveTextContent("/trips?q=two+words");
  });

  it("Navigate replaces the location once rendered, with its state", async () => {
    window.history.replaceState(null, "", "/old");
    const length = window.history.length;
    render(
      <BrowserRouter>
        <Switch>
          <Route path="/old">
            <Navigate to="/trips/9" replace state={{ from: "/old" }} />
          </Route>
          <Route path="/trips/:id">
            <Here />
          </Route>
        </Switch>
      </BrowserRouter>,
    );
    expect(await screen.findByTestId("here")).toHaveTextContent('/trips/9|{"id":"9"}');
    expect(window.history.state).toEqual({ from: "/old" });
    expect(window.history.length).toBe(length);
  });

  it("hooks outside a router say so", () => {
    expect(() => renderToString(<Here />)).toThrow(
      "useLocation() may be used only inside a router",
    );
  });
});
