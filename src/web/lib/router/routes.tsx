import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  use,
  useMemo,
  type ReactNode,
} from "react";
import { useLocation } from "./location.tsx";

/**
 * Pages by path pattern, as react-router's <Routes> matched them: "/trips/:id" (a parameter per
 * segment), "*" (anything), pathless layout routes whose page shows in their <Outlet />; letters'
 * case and a trailing slash do not matter, and the most specific pattern wins (react-router's
 * ranking: static segments over parameters over "*").
 */
type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };

/** Declares a route inside <Routes>; it renders nothing itself. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

type Branch = { elements: ReactNode[]; path: string; score: number; order: number };
type Match = { elements: ReactNode[]; params: Record<string, string> };
type RouteLevel = { outlet: ReactNode; params: Record<string, string> };

const RouteContext = createContext<RouteLevel>({ outlet: null, params: {} });

function flatten(children: ReactNode, parents: ReactNode[], parentPath: string, into: Branch[]) {
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      flatten(child.props.children, parents, parentPath, into);
      return;
    }
    const path = child.props.path === undefined ? parentPath : join(parentPath, child.props.path);
    const elements = [...parents, child.props.element ?? <Outlet />];
    if (child.props.children) flatten(child.props.children, elements, path, into);
    else into.push({ elements, path, score: score(path), order: into.length });
  });
}

const join = (parent: string, path: string) =>
  path.startsWith("/") ? path : `${parent.replace(/\/$/, "")}/${path}`;

// react-router's computeScore: a segment counts 1, a static one 10 more, a parameter 3, "*" -2.
function score(path: string) {
  const segments = path.split("/");
  let total = segments.length - (segments.includes("*") ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function decode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchPath(path: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  let source = "^";
  for (const segment of path.split("/").filter(Boolean)) {
    if (segment === "*") {
      names.push("*");
      source += "(?:/(.*))?";
    } else if (segment.startsWith(":")) {
      names.push(segment.slice(1));
      source += "/([^/]+)";
    } else source += `/${escape(segment)}`;
  }
  const found = new RegExp(`${source}/*$`, "i").exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => (params[name] = decode(found[i + 1] ?? "")));
  return params;
}

function match(branches: Branch[], pathname: string): Match | null {
  for (const branch of branches) {
    const params = matchPath(branch.path, pathname);
    if (params) return { elements: branch.elements, params };
  }
  return null;
}

/** Renders the page whose pattern best matches the location, inside its layouts. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const branches = useMemo(() => {
    const found: Branch[] = [];
    flatten(children, [], "", found);
    return found.sort((a, b) => b.score - a.score || a.order - b.order);
  }, [children]);
  const found = match(branches, pathname);
  if (!found) return null;
  return found.elements.reduceRight<ReactNode>(
    (outlet, element) => (
      <RouteContext value={{ outlet, params: found.params }}>{element}</RouteContext>
    ),
    null,
  );
}

/** Where a layout route shows the page matched inside it. */
export const Outlet = () => use(RouteContext).outlet;

/** The parameters of the matched pattern (":id" as `id`), decoded. */
export const useParams = <T extends Record<string, string | undefined>>() =>
  use(RouteContext).params as Partial<T>;
