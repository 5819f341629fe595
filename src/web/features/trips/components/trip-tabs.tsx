import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSearchParams } from "#web/lib/router/location.tsx";

export const TRIP_TABS = ["plan", "money", "ideas", "packing"] as const;
export type TripTab = (typeof TRIP_TABS)[number];

const LABELS: Record<TripTab, string> = {
  plan: "Plan",
  money: "Money",
  ideas: "Ideas",
  packing: "Packing",
};

/** `?tab=money` opens the Money tab (a link or a reload keeps it); anything else is the plan. */
export const tabFromParam = (value: string | null): TripTab =>
  TRIP_TABS.find((tab) => tab === value) ?? "plan";

/**
 * The trip page's sections as tabs (WAI-ARIA tabs: arrow keys, Home and End move between them, Tab
 * goes into the panel). Only the shown panel is mounted, so the Money tab's code and data are fetched
 * when it is first opened, never with the plan. Without `money` (no slot) there are no tabs at all.
 */
export function TripTabs({
  plan,
  money,
  ideas,
  packing,
  aside,
}: {
  plan: ReactNode;
  money: ReactNode;
  /** The Ideas tab (ideas and polls); like Money, mounted only while it is shown. */
  ideas?: ReactNode;
  /** The Packing tab (shared and personal lists); mounted only while it is shown. */
  packing?: ReactNode;
  /** Shown on every tab, beside the tabs (who is here, the latest change): no row of its own. */
  aside?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const tabs = useRef<Record<TripTab, HTMLButtonElement | null>>({
    plan: null,
    money: null,
    ideas: null,
    packing: null,
  });
  const panels: Record<TripTab, ReactNode> = { plan, money, ideas, packing };
  // The plan always; another tab only when the page gave it a panel.
  const shown = TRIP_TABS.filter(
    (tab) => tab === "plan" || (panels[tab] !== undefined && panels[tab] !== null),
  );
  if (shown.length === 1)
    return (
      <>
        {aside}
        {plan}
      </>
    );
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
        // Every panel exists so each tab's aria-controls names one; the hidden ones stay empty.
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-${tab}-panel`}
          aria-labelledby={`${id}-${tab}-tab`}
          hidden={tab !== selected}
          className={tab === selected ? "flex flex-col gap-6" : undefined}
        >
          {tab !== selected ? null : panels[tab]}
        </div>
      ))}
    </div>
  );
}
