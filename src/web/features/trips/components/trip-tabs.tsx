import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSearchParams } from "#web/lib/router/location.tsx";

export const TRIP_TABS = ["plan", "money", "packing"] as const;
export type TripTab = (typeof TRIP_TABS)[number];

const LABELS: Record<TripTab, string> = { plan: "Plan", money: "Money", packing: "Packing" };

/** `?tab=money` opens the Money tab (a link or a reload keeps it); anything else is the plan. */
export const tabFromParam = (value: string | null): TripTab =>
  value === "money" ? "money" : value === "packing" ? "packing" : "plan";

/**
 * The trip page's sections as tabs (WAI-ARIA tabs: arrow keys, Home and End move between them, Tab
 * goes into the panel). Only the shown panel is mounted, so the Money tab's code and data are fetched
 * when it is first opened, never with the plan. Without `money` (no slot) there are no tabs at all.
 */
export function TripTabs({
  plan,
  money,
  packing,
  aside,
}: {
  plan: ReactNode;
  money: ReactNode;
  /** The Packing tab (issue 49), beside the Money tab when the page has one. */
  packing?: ReactNode;
  /** Shown on every tab, beside the tabs (who is here, the latest change): no row of its own. */
  aside?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const tabs = useRef<Record<TripTab, HTMLButtonElement | null>>({
    plan: null,
    money: null,
    packing: null,
  });
  if (!money)
    return (
      <>
        {aside}
        {plan}
      </>
    );
  // The tabs the page has: the plan and the money always (with tabs at all), packing when given.
  const shown = TRIP_TABS.filter((tab) => tab !== "packing" || Boolean(packing));
  const asked = tabFromParam(params.get("tab"));
  const selected = shown.includes(asked) ? asked : "plan";

  const select = (tab: TripTab, focus = false) => {
    const next = new URLSearchParams(params);
    if (tab === "plan") next.delete("tab");
    else next.set("tab", tab);
    setParams(next, { replace: true });
    if (focus) tabs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = shown.indexOf(selected);
    const last = shown.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = shown[target];
    if (tab) select(tab, true);
  };

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1 border-b border-slate-300">
        <div role="tablist" aria-label="Trip sections" className="flex gap-1">
          {shown.map((tab) => (
            <button
              key={tab}
              ref={(node) => {
                tabs.current[tab] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-${tab}-tab`}
              aria-selected={tab === selected}
              aria-controls={`${id}-${tab}-panel`}
              tabIndex={tab === selected ? 0 : -1}
              onClick={() => select(tab)}
              onKeyDown={onKeyDown}
              className={`focus-visible:outline-brand-700 -mb-px rounded-t-md border px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${
                tab === selected
                  ? "text-brand-800 border-slate-300 border-b-white bg-white"
                  : "border-transparent text-slate-700 hover:bg-slate-100"
              }`}
            >
              {LABELS[tab]}
            </button>
          ))}
        </div>
        {aside}
      </div>
      {shown.map((tab) => (
        // Every panel exist so each tab's aria-controls names one; the hidden one stays empty.
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-${tab}-panel`}
          aria-labelledby={`${id}-${tab}-tab`}
          hidden={tab !== selected}
          className={tab === selected ? "flex flex-col gap-6" : undefined}
        >
          {tab !== selected ? null : tab === "plan" ? plan : tab === "money" ? money : packing}
        </div>
      ))}
    </div>
  );
}
