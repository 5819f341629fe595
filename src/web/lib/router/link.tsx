import type { AnchorHTMLAttributes, Ref } from "react";
// This folder is where wouter's own parts are wrapped for the app.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { Link as WouterLink } from "wouter";
import { pathOf, resolve, useLocation } from "./location.tsx";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A link within the app (wouter's): a plain click navigates without a page load, replacing the
 * history entry when it leads to the page shown; a click with a modifier key or another button is
 * the browser's, as is a link to another site or into another window.
 */
export function Link({ to, replace, state, target, ...rest }: LinkProps) {
  const location = useLocation();
  const href = pathOf(resolve(to, location));
  if (EXTERNAL.test(to) || (target && target !== "_self"))
    return <a {...rest} href={EXTERNAL.test(to) ? to : href} target={target} />;
  return (
    <WouterLink
      {...rest}
      href={href}
      target={target}
      replace={replace ?? pathOf(location) === href}
      state={state}
    />
  );
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  className?: string | ((state: { isActive: boolean }) => string);
  end?: boolean;
};

/** A link that knows it leads to the page shown (or, without `end`, to one of its parents): aria-current="page". */
export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const location = useLocation();
  const to = resolve(rest.to, location).pathname.toLowerCase();
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
