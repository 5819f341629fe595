import type { OnlineUser } from "#shared/schemas/trip-history.ts";
import { currentTabUserId } from "#web/lib/user-data.ts";
import type { RemoteChange } from "./use-trip-live.ts";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("") || "?";

/**
 * Others' changes, said politely as they arrive (with a short highlight), and "Here now": the
 * faces of the others who have the trip open.
 */
export function LiveStatus({
  online,
  latest,
}: {
  online: OnlineUser[];
  latest: RemoteChange | null;
}) {
  const highlight = latest?.highlight ?? false;
  const me = currentTabUserId();
  const others = online.filter((u) => u.userId !== me);

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {others.length > 0 ? (
        <section aria-label="Here now" className="flex items-center gap-2">
          <h2 className="text-sm font-semibold text-slate-700">Here now</h2>
          <ul className="flex gap-1">
            {others.map((u) => (
              <li key={u.userId} title={u.name}>
                {u.image ? (
                  <img src={u.image} alt={u.name} className="size-7 rounded-full object-cover" />
                ) : (
                  <span
                    aria-label={u.name}
                    role="img"
                    className="bg-brand-100 text-brand-800 flex size-7 items-center justify-center rounded-full text-xs font-semibold"
                  >
                    {initials(u.name)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* After the faces: while empty it still takes its padding, which would push them inward. */}
      <p
        role="status"
        aria-live="polite"
        className={`rounded px-2 py-1 transition-colors ${highlight ? "bg-amber-100 text-slate-900" : "text-slate-700"}`}
      >
        {latest?.text ?? ""}
      </p>
    </div>
  );
}
