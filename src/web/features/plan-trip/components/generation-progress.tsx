import type { ProgressState } from "./generation-progress-state.ts";
import { Button } from "#web/components/ui/button.tsx";
import { formatWeekday } from "#web/lib/format.ts";
import { onFirstUse } from "#web/lib/on-first-use.ts";

function statusText(progress: ProgressState, ready: number, total: number): string {
  if (progress.findingPlacesIn) return `Finding real places in ${progress.findingPlacesIn}…`;
  return total === 0 ? "Starting…" : `${ready} of ${total} days ready`;
}

const usd = onFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    }),
);

/**
 * The itinerary as it is being built, with a way out: Cancel stops it (nothing is saved). Model text
 * is rendered as text, never as HTML.
 */
export function GenerationProgress({
  progress,
  onCancel,
}: {
  progress: ProgressState;
  onCancel?: (() => void) | undefined;
}) {
  const total = progress.dates.length;
  const ready = progress.days.filter(Boolean).length;
  return (
    <section aria-labelledby="progress-title" className="mt-8">
      <h2 id="progress-title" className="text-xl font-semibold">
        Building your itinerary
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <progress
          className="accent-brand-700 h-3 w-full max-w-md"
          max={Math.max(total, 1)}
          value={ready}
          aria-labelledby="progress-status"
        />
        <p id="progress-status" role="status" className="text-sm text-slate-700">
          {statusText(progress, ready, total)}
        </p>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {progress.dates.map((date, index) => {
          const day = progress.days[index];
          const theme = progress.themes[index];
          return (
            <li
              key={date}
              className={`rounded-lg border p-4 ${day ? "border-brand-600 bg-white" : "border-dashed border-slate-300 bg-slate-50"}`}
            >
              <h3 className="font-semibold">
                Day {index + 1}{" "}
                <span className="font-normal text-slate-600">· {formatWeekday(date)}</span>
              </h3>
              {theme ? <p className="text-brand-800 text-sm">{theme}</p> : null}
              {day ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {day.activities.map((a) => (
                    <li key={a.id}>
                      <span className="font-mono">{a.time}</span> {a.activity}
                      <span className="text-slate-600">
                        {" "}
                        · {a.location} · {a.cost === null ? "—" : usd().format(a.cost)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-600">Planning…</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
