import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { loadOnce } from "#web/lib/load-once.ts";
import type { PlannedSpentRow } from "../planned-vs-spent.ts";

// uPlot (about 20 KB gzip) and its stylesheet come with the first chart drawn, never with the page.
const loadUplot = loadOnce(async () => {
  const [module] = await Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]);
  return module.default;
});

export const PLANNED_COLOR = "#64748b";
export const SPENT_COLOR = "#0f766e";
const HEIGHT = 220;

function options(
  rows: readonly PlannedSpentRow[],
  width: number,
  Plot: typeof uPlot,
): uPlot.Options {
  const bars = (align: -1 | 1) => Plot.paths.bars?.({ size: [0.4, 40], align });
  return {
    width,
    height: HEIGHT,
    // The figures are in the table beside it; the chart is a picture of them, no hover readout.
    cursor: { show: false },
    legend: { show: false },
    scales: {
      x: { time: false, range: [-0.5, rows.length - 0.5] },
      y: {
        range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1],
      },
    },
    axes: [
      {
        incrs: [1],
        values: (_u, splits) => splits.map((i) => rows[i]?.label ?? ""),
        stroke: "#334155",
      },
      { values: (_u, splits) => splits.map((v) => `$${v}`), stroke: "#334155", size: 56 },
    ],
    series: [
      {},
      {
        label: "Planned",
        fill: PLANNED_COLOR,
        stroke: PLANNED_COLOR,
        paths: bars(-1),
        points: { show: false },
      },
      {
        label: "Spent",
        fill: SPENT_COLOR,
        stroke: SPENT_COLOR,
        paths: bars(1),
        points: { show: false },
      },
    ],
  };
}

/**
 * Planned against spent as paired bars, drawn by uPlot once it has loaded and redrawn at the
 * container's width. A picture only (`role="img"`): the same figures are in the table beside it.
 */
export function PlannedSpentChart({
  rows,
  label,
}: {
  rows: readonly PlannedSpentRow[];
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  // A DOM library drawn into a node React does not render into: an effect is its place.
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    loadUplot()
      .then((Plot) => {
        if (cancelled) return;
        // No 2D canvas (a very old or locked-down browser): the table alone, said plainly.
        if (!document.createElement("canvas").getContext("2d")) throw new Error("No canvas");
        const data: uPlot.AlignedData = [
          rows.map((_, i) => i),
          rows.map((r) => r.planned),
          rows.map((r) => r.spent),
        ];
        plot = new Plot(options(rows, Math.max(node.clientWidth, 280), Plot), data, node);
        if (typeof ResizeObserver !== "undefined") {
          observer = new ResizeObserver(() => {
            if (plot && node.clientWidth > 0)
              plot.setSize({ width: node.clientWidth, height: HEIGHT });
          });
          observer.observe(node);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [rows]);

  if (failed)
    return (
      <p className="text-sm text-slate-600">
        The chart could not be drawn; the table has the figures.
      </p>
    );
  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid="planned-spent-chart"
      className="min-h-[220px] w-full overflow-hidden"
    />
  );
}
