import type { ReactNode } from "react";

/** One labelled fact in a trip's description list (style, budget, dates, …). */
export function TripFact({
  label,
  children,
  className = "",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className={`font-medium ${className}`}>{children}</dd>
    </div>
  );
}
