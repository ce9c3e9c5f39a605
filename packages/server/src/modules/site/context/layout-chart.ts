import type { BlockSettings } from '@tessera/core/layout';

/**
 * A chart block's drawing, worked out on the server so that the theme writes plain inline SVG with no
 * script: bars, lines or pie slices in a fixed view box (the SVG scales to its column), the value
 * axis's ticks, the legend and the data as a table for screen readers.
 */
const WIDTH = 600;
const HEIGHT = 320;
const PAD = { top: 16, right: 16, bottom: 48, left: 64 };
/** How many colours the theme's stylesheet defines for series and slices (`layout-chart__color-<n>`). */
const COLORS = 6;

const round = (n: number) => Math.round(n * 10) / 10;

/** A round step for the value axis: 1, 2 or 5 times a power of ten, giving about five ticks. */
function niceStep(max: number): number {
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(round(n));
}

export function chartContext(settings: BlockSettings['chart'], variantName: string) {
  const series = settings.columns.slice(1).map((name, i) => ({ name, color: i % COLORS }));
  const rows = settings.rows.map((row) => ({ label: row[0] ?? '', values: series.map((_, i) => Number(row[i + 1] ?? 0) || 0) }));
  const base = {
    width: WIDTH,
    height: HEIGHT,
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    label: settings.title || 'Chart',
    table: { columns: settings.columns, rows: settings.rows.map((row) => ({ cells: row })) },
  };
  if (variantName === 'pie') return { ...base, ...pie(rows) };
  const values = rows.flatMap((r) => r.values);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const step = niceStep(max - min || 1);
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(min / step) * step;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => round(PAD.top + plotH - ((v - bottom) / (top - bottom)) * plotH);
  const ticks = [];
  for (let v = bottom; v <= top + step / 2; v += step) ticks.push({ y: y(v), label: formatNumber(v), x1: PAD.left, x2: WIDTH - PAD.right });
  const band = rows.length > 0 ? plotW / rows.length : plotW;
  const labels = rows.map((r, i) => ({ x: round(PAD.left + band * (i + 0.5)), y: HEIGHT - PAD.bottom + 32, text: r.label }));
  const axis = { ticks, labels, baseline: { x1: PAD.left, x2: WIDTH - PAD.right, y: y(0) }, tickX: PAD.left - 10 };
  const legend = series.map((s) => ({ name: s.name, color: s.color }));
  if (variantName === 'line') {
    const lines = series.map((s, si) => ({
      name: s.name,
      color: s.color,
      points: rows.map((r, i) => `${round(PAD.left + band * (i + 0.5))},${y(r.values[si]!)}`).join(' '),
      dots: rows.map((r, i) => ({
        cx: round(PAD.left + band * (i + 0.5)),
        cy: y(r.values[si]!),
        label: `${r.label}, ${s.name}: ${formatNumber(r.values[si]!)}`,
      })),
    }));
    return { ...base, axis, legend, lines, bars: [], slices: [] };
  }
  const inner = band * 0.7;
  const barW = series.length > 0 ? inner / series.length : inner;
  const bars = rows.flatMap((r, i) =>
    series.map((s, si) => {
      const v = r.values[si]!;
      const y0 = y(0);
      const y1 = y(v);
      return {
        x: round(PAD.left + band * i + (band - inner) / 2 + barW * si),
        y: Math.min(y0, y1),
        width: round(Math.max(barW - 2, 1)),
        height: round(Math.abs(y0 - y1)),
        color: s.color,
        label: `${r.label}, ${s.name}: ${formatNumber(v)}`,
      };
    }),
  );
  return { ...base, axis, legend, bars, lines: [], slices: [] };
}

/** A pie of the first series: one slice per row (negative values count as nothing). */
function pie(rows: { label: string; values: number[] }[]) {
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const r = HEIGHT / 2 - 16;
  const values = rows.map((row) => Math.max(0, row.values[0] ?? 0));
  const total = values.reduce((a, b) => a + b, 0);
  let angle = -Math.PI / 2;
  const point = (a: number) => `${round(cx + r * Math.cos(a))},${round(cy + r * Math.sin(a))}`;
  const slices = rows.map((row, i) => {
    const share = total > 0 ? values[i]! / total : 0;
    const start = angle;
    angle += share * Math.PI * 2;
    const color = i % COLORS;
    const label = `${row.label}: ${formatNumber(values[i]!)}`;
    // A slice of the whole pie is a circle: an arc cannot start and end at one point.
    if (share >= 0.9999) return { d: '', circle: { cx, cy, r }, color, label };
    const large = share > 0.5 ? 1 : 0;
    return { d: share > 0 ? `M${cx},${cy} L${point(start)} A${r},${r} 0 ${large} 1 ${point(angle)} Z` : '', circle: false, color, label };
  });
  return {
    slices: slices.filter((s) => s.d !== '' || s.circle),
    legend: rows.map((row, i) => ({ name: row.label, color: i % COLORS })),
    bars: [],
    lines: [],
    axis: false,
  };
}
