import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { createPath, resolvePath, useLocation, useNavigate } from "./location.tsx";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A link within the app: a plain click navigates without a page load (replacing the history entry
 * when it leads to the page shown); a click with a modifier key, another button or another target
 * is the browser's, as is a link to another site.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  if (EXTERNAL.test(to)) return <a {...rest} href={to} target={target} onClick={onClick} />;
  const href = createPath(resolvePath(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== "_self") ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(to, { replace: replace ?? createPath(location) === href, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  className?: string | ((state: { isActive: boolean }) => string);
  end?: boolean;
};

/** A link that knows it leads to the page shown (or, without `end`, to one of its parents): aria-current="page". */
export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const location = useLocation();
  const to = resolvePath(rest.to, location).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slashAt = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  const isActive = here === to || (!end && here.startsWith(to) && here.charAt(slashAt) === "/");
  return (
    <Link
      {...rest}
      aria-current={isActive ? "page" : undefined}
      className={
        typeof className === "function"
          ? className({ isActive })
          : [className, isActive ? "active" : null].filter(Boolean).join(" ")
      }
    />
  );
}
