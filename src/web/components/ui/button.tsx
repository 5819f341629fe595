import type { ComponentProps } from "react";
import { useHydrated } from "#web/lib/hydrated.tsx";

export type ButtonVariant = "primary" | "secondary" | "danger" | "destructive" | "subtle";
type ButtonLook = { variant?: ButtonVariant; size?: "md" | "sm"; block?: boolean };

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  danger: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  subtle: "text-brand-800 hover:bg-brand-50",
};

/** The classes of a button, for links that look like one (`<Link className={buttonStyles()}>`). */
export const buttonStyles = ({
  variant = "primary",
  size = "md",
  block = false,
}: ButtonLook = {}) =>
  `${VARIANTS[variant]} ${size === "sm" ? "px-3 py-1 text-sm" : "px-4 py-2"}${block ? " w-full" : ""} rounded-md font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60`;

/** A plain <button> (type="button" unless told): no library, so it costs nothing in the first view. */
export function Button({
  variant,
  size,
  block,
  className = "",
  type = "button",
  disabled,
  ...props
}: ComponentProps<"button"> & ButtonLook) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled === true || (type === "submit" && !hydrated)}
      className={`${buttonStyles({ variant, size, block })} ${className}`}
      {...props}
    />
  );
}
