// Icons as inline SVG rather than characters such as ⠿ or ▾: the first use of a glyph that the
// page's font lacks makes the browser search the system's fonts for it during layout, which a
// throttled phone measured as a third of the trip page's first layout (docs/benchmarks.md).
// Decorative only: the control that holds one carries its own accessible name.

type IconProps = { className?: string };

/** Six dots: something that can be picked up and moved. */
export function GripIcon({ className = "size-4" }: IconProps) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" className={className}>
      {[4, 8, 12].flatMap((y) => [
        <circle key={`l${y}`} cx="5.5" cy={y} r="1.25" />,
        <circle key={`r${y}`} cx="10.5" cy={y} r="1.25" />,
      ])}
    </svg>
  );
}

/** A small downward chevron: the button opens a menu. */
export function ChevronDownIcon({ className = "size-3" }: IconProps) {
  return (
    <svg
      viewBox="0 0 12 12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M3 4.5 6 7.5 9 4.5" />
    </svg>
  );
}

/** Two arrows in a circle: make it again. */
export function RefreshIcon({ className = "size-4" }: IconProps) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M13 8a5 5 0 0 1-8.6 3.5M3 8a5 5 0 0 1 8.6-3.5" />
      <path d="M11.5 1.8v2.8H8.7M4.5 14.2v-2.8h2.8" />
    </svg>
  );
}
