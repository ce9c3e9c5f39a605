// npm run bench:images — the image service, in two parts, each side by side in one run.
// 1. The variants of a 12-megapixel JPEG (4000 x 3000): Tessera's pipeline (renderImage: every
//    responsive width up to 2500 in JPEG and WebP, orientation applied, metadata stripped, colorData and
//    the placeholder) against a plain sharp pipeline making the same files the usual way (one sharp
//    pipeline per output, all at once). Goal: Tessera's within 1.2x of the plain one. AVIF is timed for
//    one width, to show why Tessera makes none.
// 2. Serving a cached variant over HTTP (autocannon): Tessera's asset route (the site by its host,
//    access checks, the variant chosen by width and Accept, the blob streamed from the data directory)
//    against @fastify/static serving the same file. Goal: at least 50% of @fastify/static's requests/s.
// BENCH_ROUNDS (5 pipeline runs, 3 serving rounds), BENCH_SECONDS (4) and BENCH_CONNECTIONS (10) tune it.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { renderImage } from '../packages/server/dist/media/images.js';
import { JPEG_QUALITY, WEBP_EFFORT, WEBP_QUALITY, variantWidths } from '../packages/server/dist/media/limits.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 0);
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${v.toFixed(0).padStart(5)} ms`;

/** A 12-megapixel photograph-like JPEG: light, colour and grain, so encoders work as on a camera's file. */
async function twelveMegapixels() {
  const width = 4000;
  const height = 3000;
  const data = Buffer.alloc(width * height * 3);
  let seed = 12;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const grain = (seed / 4294967296 - 0.5) * 24;
      const i = (y * width + x) * 3;
      const light = 1 - Math.hypot(x / width - 0.3, y / height - 0.25) * 0.6;
      data[i] = Math.max(0, Math.min(255, (150 + 80 * Math.sin(x / 310)) * light + grain));
      data[i + 1] = Math.max(0, Math.min(255, (120 + 60 * Math.cos(y / 270)) * light + grain));
      data[i + 2] = Math.max(0, Math.min(255, (90 + 70 * Math.sin((x + y) / 450)) * light + grain));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same files the plain way: one pipeline per output (each decodes the JPEG, shrinking on load), all at once. */
async function plainSharp(input) {
  const { width } = await sharp(input).metadata();
  const outputs = variantWidths(width).flatMap((w) => [
    sharp(input).rotate().resize(w).jpeg({ quality: JPEG_QUALITY }).toBuffer(),
    sharp(input).rotate().resize(w).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer(),
  ]);
  outputs.push(sharp(input).rotate().resize(16).webp({ quality: 50 }).toBuffer(), sharp(input).rotate().resize(64).raw().toBuffer());
  return Promise.all(outputs);
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const input = await twelveMegapixels();
const meta = await sharp(input).metadata();
console.log(
  `bench:images — sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${meta.width} x ${meta.height} JPEG of ${(input.length / 1e6).toFixed(1)} MB`,
);
const made = await renderImage(input);
console.log(
  `variants: ${made.variants.length} (${[...new Set(made.variants.map((v) => v.width))].join(', ')} wide; ${[...new Set(made.variants.map((v) => v.format))].join(' and ')}), ` +
    `${(made.variants.reduce((n, v) => n + v.data.length, 0) / 1e6).toFixed(2)} MB in all`,
);

// Warm up both, then alternate.
await renderImage(input);
await plainSharp(input);
const runs = rounds || 5;
const times = { tessera: [], plain: [] };
for (let i = 0; i < runs; i++) {
  times.tessera.push(await timed(() => renderImage(input)));
  times.plain.push(await timed(() => plainSharp(input)));
}
for (const [name, label] of [
  ['tessera', "Tessera's pipeline (renderImage)"],
  ['plain', 'plain sharp, one pipeline per file'],
]) {
  const t = times[name];
  console.log(`${label.padEnd(40)} median ${ms(percentile(t, 50))}   p90 ${ms(percentile(t, 90))}   best ${ms(Math.min(...t))}   (${runs} runs)`);
}
const ratio = percentile(times.tessera, 50) / percentile(times.plain, 50);
console.log(`ratio Tessera / plain sharp (medians): ${ratio.toFixed(2)}x   (goal: at most 1.2x)`);
const avif = await timed(() => sharp(input).rotate().resize(2500).avif().toBuffer());
const webp = await timed(() => sharp(input).rotate().resize(2500).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer());
console.log(`one 2500-wide variant: AVIF ${avif.toFixed(0)} ms, WebP ${webp.toFixed(0)} ms: AVIF stays out of the time budget`);

// Part 2: serving.
const site = { siteDir: path.join(repo, 'sites', 'demo'), themesDir: path.join(repo, 'themes'), asset: 'assets/shop/photos/glass-carafe.jpg', width: 750 };
const child = fork(path.join(repo, 'bench', 'serve-images.mjs'), [JSON.stringify(site)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
process.on('exit', () => child.kill());
const next = (type) =>
  new Promise((resolve) =>
    child.on('message', function on(m) {
      if (m.type === type) {
        child.off('message', on);
        resolve(m);
      }
    }),
  );
const ready = await next('ready');
const cpu = async () => {
  child.send({ type: 'cpu' });
  return (await next('cpu')).micros;
};

function run(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve(result);
    });
  });
}

const check = await fetch(ready.app, { headers: { accept: 'image/webp' } });
if (check.headers.get('content-type') !== 'image/webp' || Number(check.headers.get('content-length')) !== ready.size) {
  throw new Error(`the app answered ${check.headers.get('content-type')} of ${check.headers.get('content-length')} bytes, not the ${ready.size}-byte WebP`);
}
const targets = [
  { name: '@fastify/static, the same file', url: ready.bare },
  { name: `Tessera /assets/...?format=${site.width}w`, url: ready.app },
];
console.log(
  `\nserving the ${site.width}w WebP variant of ${site.asset} (${ready.size} bytes): ${connections} connections, ${rounds || 3} rounds of ${duration} s, interleaved`,
);
for (const t of targets) await run(t.url, 2);
const totals = targets.map(() => ({ requests: 0, seconds: 0, p50: [], p99: [], cpu: 0 }));
for (let round = 0; round < (rounds || 3); round++) {
  for (const [i, t] of targets.entries()) {
    const before = await cpu();
    const result = await run(t.url, duration);
    totals[i].cpu += (await cpu()) - before;
    totals[i].requests += result.requests.total;
    totals[i].seconds += result.duration;
    totals[i].p50.push(result.latency.p50);
    totals[i].p99.push(result.latency.p99);
  }
}
const rates = totals.map((t) => t.requests / t.seconds);
for (const [i, t] of targets.entries()) {
  console.log(
    `${t.name.padEnd(40)} ${rates[i].toFixed(0).padStart(7)} req/s   p50 ${Math.max(...totals[i].p50)} ms   p99 ${Math.max(...totals[i].p99)} ms   ` +
      `server CPU ${(totals[i].cpu / totals[i].requests).toFixed(0).padStart(4)} µs/request`,
  );
}
console.log(`ratio Tessera / @fastify/static: ${((rates[1] / rates[0]) * 100).toFixed(1)}%   (goal: at least 50%)`);
const [bareCpu, appCpu] = totals.map((t) => t.cpu / t.requests);
console.log(`by server CPU per request: ${((bareCpu / appCpu) * 100).toFixed(1)}% of @fastify/static`);
child.send({ type: 'stop' });
