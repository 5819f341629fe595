import type { ReactNode } from "react";

/** One labelled fact in a trip's description list (style, budget, dates, …). */
export function TripFact({
  label,
  children,
  className = "",
  wide = false,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** Across both columns of a phone's two (a fact with a line of its own, such as spending). */
  wide?: boolean;
}) {
  return (
    <div className={wide ? "col-span-2 sm:col-span-1" : undefined}>
      <dt className="text-slate-500">{label}</dt>
      <dd className={`font-medium ${className}`}>{children}</dd>
    </div>
  );
}
