import { ChartFigure, niceMax, shorten, useWidth } from './figure.js';

export interface Bar {
  label: string;
  value: number;
  /** Shown after the value (a share, a conversion). */
  note?: string;
}

const ROW = 44;

/**
 * Horizontal bars (top pages, referrers, devices, the funnel), in plain SVG drawn at the width it
 * is shown: each row has its label and value on one line and its bar below, so that it reads the
 * same in a narrow column and on a phone.
 */
export function BarChart(props: {
  id: string;
  title: string;
  description: string;
  bars: Bar[];
  labelHeader: string;
  valueHeader: string;
  format: (n: number) => string;
  empty: string;
}) {
  const { bars } = props;
  const [box, width] = useWidth<HTMLDivElement>(360);
  if (bars.length === 0) {
    return (
      <figure className="chart" aria-labelledby={`${props.id}-caption`}>
        <figcaption id={`${props.id}-caption`} className="chart-caption">
          {props.title}
        </figcaption>
        <p className="empty">{props.empty}</p>
      </figure>
    );
  }
  const max = niceMax(Math.max(...bars.map((b) => b.value)));
  const valueText = (b: Bar) => `${props.format(b.value)}${b.note ? ` · ${b.note}` : ''}`;
  // About 7.5 px per character of a 13 px label, after the value's room.
  const labelChars = (b: Bar) => Math.max(8, Math.floor((width - valueText(b).length * 7.5 - 16) / 7.5));
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      table={
        <table>
          <caption className="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">{props.labelHeader}</th>
              <th scope="col">{props.valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>
                  {props.format(b.value)}
                  {b.note ? ` (${b.note})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }>
      <div ref={box} className="chart-box">
        <svg className="bar-chart" width={width} height={bars.length * ROW} role="img" aria-labelledby={`${props.id}-title ${props.id}-desc`}>
          <title id={`${props.id}-title`}>{props.title}</title>
          <desc id={`${props.id}-desc`}>{props.description}</desc>
          {bars.map((b, i) => {
            const top = i * ROW;
            return (
              <g key={b.label} className="bar">
                <title>{`${b.label}: ${props.format(b.value)}${b.note ? ` (${b.note})` : ''}`}</title>
                <text x={0} y={top + 16}>
                  {shorten(b.label, labelChars(b))}
                </text>
                <text className="bar-value" x={width} y={top + 16} textAnchor="end">
                  {valueText(b)}
                </text>
                <rect className="bar-track" x={0} y={top + 24} height={10} width={width} rx={5} />
                <rect x={0} y={top + 24} height={10} width={Math.max(4, (b.value / max) * width)} rx={5} />
              </g>
            );
          })}
        </svg>
      </div>
    </ChartFigure>
  );
}
