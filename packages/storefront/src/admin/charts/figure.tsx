import type { ReactNode } from 'react';

/**
 * A chart as a figure: the caption names it, the SVG carries a title and a description for
 * assistive technology, and the same numbers follow in a data table (collapsed by default).
 */
export function ChartFigure(props: { id: string; title: string; children: ReactNode; table: ReactNode; className?: string }) {
  return (
    <figure className={`chart ${props.className ?? ''}`} aria-labelledby={`${props.id}-caption`}>
      <figcaption id={`${props.id}-caption`} className="chart-caption">{props.title}</figcaption>
      {props.children}
      <details className="chart-data">
        <summary>
          Data table<span className="visually-hidden"> for {props.title}</span>
        </summary>
        <div className="table-scroll" role="region" aria-label={`${props.title}: data`} tabIndex={0}>
          {props.table}
        </div>
      </details>
    </figure>
  );
}

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Shortens a label for the chart; the full text stays in the SVG title and the data table. */
export function shorten(text: string, max = 36): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
