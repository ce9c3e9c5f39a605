import { ChartFigure, niceMax, shorten } from './figure.js';

export interface Bar {
  label: string;
  value: number;
  /** Shown after the value (a share, a conversion). */
  note?: string;
}

const W = 720;
const ROW = 30;
const LABEL_W = 260;
const VALUE_W = 150;

/** Horizontal bars (top pages, referrers, devices, the funnel), in plain SVG. */
export function BarChart(props: { id: string; title: string; description: string; bars: Bar[]; labelHeader: string; valueHeader: string; format: (n: number) => string; empty: string }) {
  const { bars } = props;
  if (bars.length === 0) {
    return (
      <figure className="chart" aria-labelledby={`${props.id}-caption`}>
        <figcaption id={`${props.id}-caption`} className="chart-caption">{props.title}</figcaption>
        <p className="empty">{props.empty}</p>
      </figure>
    );
  }
  const max = niceMax(Math.max(...bars.map((b) => b.value)));
  const barW = W - LABEL_W - VALUE_W;
  const height = bars.length * ROW + 8;
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      table={
        <table>
          <caption className="visually-hidden">{props.title}</caption>
          <thead><tr><th scope="col">{props.labelHeader}</th><th scope="col">{props.valueHeader}</th></tr></thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}><th scope="row">{b.label}</th><td>{props.format(b.value)}{b.note ? ` (${b.note})` : ''}</td></tr>
            ))}
          </tbody>
        </table>
      }
    >
      <svg className="bar-chart" viewBox={`0 0 ${W} ${height}`} role="img" aria-labelledby={`${props.id}-title ${props.id}-desc`}>
        <title id={`${props.id}-title`}>{props.title}</title>
        <desc id={`${props.id}-desc`}>{props.description}</desc>
        {bars.map((b, i) => {
          const top = i * ROW + 4;
          return (
            <g key={b.label} className="bar">
              <title>{`${b.label}: ${props.format(b.value)}${b.note ? ` (${b.note})` : ''}`}</title>
              <text x={0} y={top + ROW / 2} dy="0.32em">{shorten(b.label)}</text>
              <rect x={LABEL_W} y={top + 5} height={ROW - 10} width={Math.max(2, (b.value / max) * barW)} rx={3} />
              <text className="bar-value" x={W} y={top + ROW / 2} dy="0.32em" textAnchor="end">
                {props.format(b.value)}{b.note ? ` · ${b.note}` : ''}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFigure>
  );
}
