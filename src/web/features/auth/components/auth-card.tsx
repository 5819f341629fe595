import type { ReactNode } from "react";

/** The frame of every auth screen: a centred card with the page heading. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-2 text-sm text-slate-700">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export const linkClass =
  "text-brand-800 font-medium underline underline-offset-2 hover:no-underline";
