import { usePageTitle } from "#web/components/page-title.tsx";

const FEATURES = [
  [
    "Day-by-day itineraries",
    "Morning to evening plans with times, places, descriptions and costs, kept within your budget.",
  ],
  [
    "Your style, your interests",
    "Luxury, comfort or budget; culture, food, nature and more. Your profile fills them in for you.",
  ],
  [
    "Search, sort and share",
    "Find any trip by destination or activity, sort by date or budget, and share a read-only link.",
  ],
  [
    "A travel assistant on every page",
    "Ask anything. Ask about the weather somewhere and get a forecast with what to wear and do.",
  ],
] as const;

export function FeaturesRoute() {
  usePageTitle("Features");
  return (
    <section aria-labelledby="features-title">
      <h1 id="features-title" className="text-3xl font-bold">
        Features
      </h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {FEATURES.map(([title, body]) => (
          <li key={title} className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold">{title}</h2>
            <p className="mt-1 text-slate-700">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
