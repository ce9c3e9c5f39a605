// Drawing primitives for the demo shop's flat illustrations. Everything is plain SVG text, so the
// generated files stay small (a few KB) and diff well in git.

export const palette = {
  paper: '#FBF8F3',
  cream: '#F4EDE2',
  sand: '#E6D5BC',
  oat: '#D9C7A7',
  clay: '#C9A27E',
  terracotta: '#C2603A',
  rust: '#A8431F',
  ocean: '#3E6A8A',
  sky: '#BFD3DF',
  sage: '#8FA58A',
  mint: '#D7E3D2',
  olive: '#6B7B4B',
  charcoal: '#3A3632',
  ink: '#1F1B16',
  coffee: '#6B4A33',
  bean: '#4A3124',
  leaf: '#4E7A55',
  leafLight: '#7FA36F',
  gold: '#D9A441',
  butter: '#F2D58A',
  blush: '#EBC4B0',
  white: '#FFFFFF',
};

/** Mixes a hex colour with black (amount < 0) or white (amount > 0). */
export function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const mixed = channels.map((c) => Math.round(c + (target - c) * t));
  return '#' + mixed.map((c) => c.toString(16).padStart(2, '0')).join('');
}

const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function svg(width, height, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>\n`;
}

export const rect = (x, y, w, h, fill, r = 0, extra = '') =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${r ? ` rx="${num(r)}"` : ''} fill="${fill}"${extra}/>`;
export const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${extra}/>`;
export const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${extra}/>`;
export const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
export const stroke = (d, color, width, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
export const group = (transform, body) => `<g transform="${transform}">${body}</g>`;
export const text = (x, y, content, size, fill, extra = '') =>
  `<text x="${x}" y="${y}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle" letter-spacing="2"${extra}>${content}</text>`;

/** Deterministic pseudo-random numbers, so regenerating the images changes nothing. */
export function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Small dark dots, as on speckled stoneware glaze. */
export function speckles(seed, count, x, y, w, h, color = 'rgba(40,30,20,.35)') {
  const rand = seeded(seed);
  let out = '';
  for (let i = 0; i < count; i++) out += circle(x + rand() * w, y + rand() * h, 1.5 + rand() * 2.5, color);
  return out;
}

/** The square product backdrop: a tinted field, a soft disc and a ground shadow. */
export function backdrop(tint, disc, size = 800) {
  return (
    rect(0, 0, size, size, tint) +
    circle(size / 2, size * 0.46, size * 0.33, disc) +
    ellipse(size / 2, size * 0.76, size * 0.27, size * 0.028, 'rgba(31,27,22,.10)')
  );
}

/** A leaf: an almond shape rotated around its stem point. */
export function leaf(x, y, length, angle, color) {
  const w = length * 0.32;
  return group(
    `translate(${num(x)} ${num(y)}) rotate(${angle})`,
    path(`M0 0 Q${num(w)} ${num(-length / 2)} 0 ${num(-length)} Q${num(-w)} ${num(-length / 2)} 0 0Z`, color) +
      stroke(`M0 0 L0 ${num(-length * 0.8)}`, 'rgba(255,255,255,.25)', 2),
  );
}

/** Steam curls above a cup. */
export function steam(x, y, color = 'rgba(255,255,255,.8)') {
  return [0, 34, 68].map((dx, i) => stroke(`M${x + dx} ${y} q-18 -30 0 -60 q18 -30 0 -60`, color, 8, ` opacity="${1 - i * 0.2}"`)).join('');
}

/** A coffee bean seen from above. */
export function bean(x, y, size, angle, color = palette.bean) {
  return group(
    `translate(${num(x)} ${num(y)}) rotate(${angle})`,
    ellipse(0, 0, size, size * 0.68, color) + stroke(`M${num(-size * 0.8)} 0 Q0 ${num(size * 0.25)} ${num(size * 0.8)} 0`, shade(color, -0.45), size * 0.16),
  );
}
