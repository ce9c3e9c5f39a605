import { ChartFigure, ticksFor, useWidth } from './figure.js';

export interface LineSeries {
  name: string;
  /** A CSS class giving the line its colour and dash (series are told apart by more than colour). */
  className: string;
  values: number[];
}

const M = { top: 12, right: 12, bottom: 30, left: 44 };

/** Lines over days (visits and page views over time), in plain SVG drawn at the width it is shown. */
export function LineChart(props: {
  id: string;
  title: string;
  description: string;
  labels: string[];
  longLabels: string[];
  series: LineSeries[];
  format: (n: number) => string;
}) {
  const { labels, series } = props;
  const [box, width] = useWidth<HTMLDivElement>(720);
  const height = width < 480 ? 200 : 260;
  const ticks = ticksFor(Math.max(0, ...series.flatMap((s) => s.values)));
  const max = ticks[ticks.length - 1]!;
  const innerW = width - M.left - M.right;
  const innerH = height - M.top - M.bottom;
  const x = (i: number) => M.left + (labels.length <= 1 ? innerW / 2 : (i * innerW) / (labels.length - 1));
  const y = (v: number) => M.top + innerH - (v / max) * innerH;
  // About one day label per 70 px; the last day is always labelled, so a regular label too close to it is skipped.
  const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(innerW / 70))));
  const shown = labels.map((_, i) => i === labels.length - 1 || (i % every === 0 && labels.length - 1 - i >= every / 2 + 0.5));
  const dots = innerW / Math.max(1, labels.length) >= 8;
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      table={
        <table>
          <caption className="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th scope="col" key={s.name}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((_, i) => (
              <tr key={props.longLabels[i]}>
                <th scope="row">{props.longLabels[i]}</th>
                {series.map((s) => (
                  <td key={s.name}>{props.format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }>
      <ul className="legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className={s.className}>
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" y1="4" x2="24" y2="4" />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <div ref={box} className="chart-box">
        <svg className="line-chart" width={width} height={height} role="img" aria-labelledby={`${props.id}-title ${props.id}-desc`}>
          <title id={`${props.id}-title`}>{props.title}</title>
          <desc id={`${props.id}-desc`}>{props.description}</desc>
          {ticks.map((t) => (
            <g key={t} className="grid">
              <line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} />
              <text x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {props.format(t)}
              </text>
            </g>
          ))}
          {labels.map((label, i) =>
            shown[i] ? (
              <text
                key={props.longLabels[i]}
                className="axis-label"
                x={x(i)}
                y={height - 8}
                textAnchor={i === labels.length - 1 && labels.length > 1 ? 'end' : i === 0 ? 'start' : 'middle'}>
                {label}
              </text>
            ) : null,
          )}
          {series.map((s) => (
            <g key={s.name} className={`series ${s.className}`}>
              <polyline fill="none" points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
              {dots &&
                s.values.map((v, i) => (
                  <circle key={props.longLabels[i]} cx={x(i)} cy={y(v)} r={3}>
                    <title>{`${props.longLabels[i]}: ${props.format(v)} ${s.name.toLowerCase()}`}</title>
                  </circle>
                ))}
            </g>
          ))}
        </svg>
      </div>
    </ChartFigure>
  );
}
