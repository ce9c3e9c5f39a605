import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * A chart as a figure: the caption names it, the SVG carries a title and a description for
 * assistive technology, and the same numbers follow in a data table (collapsed by default).
 */
export function ChartFigure(props: { id: string; title: string; children: ReactNode; table: ReactNode; className?: string }) {
  return (
    <figure className={`chart ${props.className ?? ''}`} aria-labelledby={`${props.id}-caption`}>
      <figcaption id={`${props.id}-caption`} className="chart-caption">
        {props.title}
      </figcaption>
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

/**
 * The width of an element in CSS pixels, followed as it changes: charts draw at the size they are
 * shown, so their text keeps its size on a phone instead of shrinking with a scaled viewBox.
 */
export function useWidth<T extends Element>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Axis ticks: 0 and four more steps of 1, 2 or 5 times a power of ten; whole numbers for counts. */
export function ticksFor(max: number, steps = 4): number[] {
  const raw = Math.max(1, max) / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  return Array.from({ length: steps + 1 }, (_, i) => i * step);
}
