// Draws the demo's videos: a short animated card per lesson, recorded from a canvas by Chromium's
// MediaRecorder (VP8 in WebM), with a WebVTT captions file beside it; and the journal's video post,
// with a JPEG of its frame at one second as its poster. Run once by hand
// (`npm run video --workspace @tessera/site-demo`, or `... -- journal` for the journal's only); the
// files are committed, nothing is fetched at run time. Needs Debian's Chromium (/usr/bin/chromium)
// and playwright-core from the repository.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');

const LESSONS = [
  {
    file: 'espresso',
    title: 'Dialing in espresso',
    colors: ['#3b2a20', '#c8924f'],
    captions: [
      [0, 2.5, 'Start with 18 grams of coffee in the basket.'],
      [2.5, 5, 'Aim for 36 grams in the cup, in 28 to 32 seconds.'],
      [5, 8, 'Change one thing at a time: the grinder first.'],
    ],
  },
  {
    file: 'roast-profile',
    title: 'Reading a roast profile',
    colors: ['#2d3a2e', '#d9a441'],
    captions: [
      [0, 3, 'Bean temperature rises fast, then slows down.'],
      [3, 6, 'First crack: the beans pop, like popcorn.'],
      [6, 8, 'Stop the roast by taste, not by the clock.'],
    ],
  },
  {
    file: 'ceramics-care',
    title: 'Caring for handmade ceramics',
    colors: ['#31423f', '#a9c1a0'],
    captions: [
      [0, 3, 'Warm the mug with hot water before you pour.'],
      [3, 6, 'Lift coffee stains with a paste of baking soda.'],
      [6, 8, 'Wipe the raw foot with a damp cloth.'],
    ],
  },
];

const JOURNAL = [
  {
    file: 'morning-brew',
    dir: 'journal',
    title: 'A morning brew, in eight seconds',
    colors: ['#4a2f1f', '#e0b27a'],
    poster: true,
    captions: [],
  },
];

const wanted = process.argv[2] === 'journal' ? JOURNAL : [...LESSONS.map((l) => ({ ...l, dir: 'lessons' })), ...JOURNAL];

const stamp = (s) => `00:${String(Math.floor(s)).padStart(2, '0')}.${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<canvas width="640" height="360"></canvas>');
  for (const lesson of wanted) {
    const OUT = path.join(ASSETS, lesson.dir);
    const { base64, poster } = await page.evaluate(async ({ title, colors, poster: wantPoster }) => {
      const canvas = document.querySelector('canvas');
      const ctx = canvas.getContext('2d');
      const stream = canvas.captureStream(24);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 100_000 });
      const chunks = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const seconds = 8;
      const start = performance.now();
      let posterUrl = null;
      const draw = () => {
        const t = (performance.now() - start) / 1000;
        const g = ctx.createLinearGradient(0, 0, 640, 360);
        g.addColorStop(0, colors[0]);
        g.addColorStop(1, colors[1]);
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, 640, 360);
        // A cup, steam rising from it.
        ctx.fillStyle = '#f5efe6';
        ctx.fillRect(250, 190, 140, 100);
        ctx.beginPath();
        ctx.arc(400, 235, 28, -Math.PI / 2, Math.PI / 2);
        ctx.lineWidth = 12;
        ctx.strokeStyle = '#f5efe6';
        ctx.stroke();
        ctx.strokeStyle = 'rgba(245,239,230,0.7)';
        ctx.lineWidth = 6;
        for (let i = 0; i < 3; i++) {
          ctx.beginPath();
          const x = 285 + i * 35;
          const rise = (t * 40 + i * 20) % 60;
          ctx.moveTo(x, 180 - rise);
          ctx.bezierCurveTo(x - 15, 160 - rise, x + 15, 140 - rise, x, 120 - rise);
          ctx.stroke();
        }
        ctx.fillStyle = '#fff';
        ctx.font = '600 30px Georgia, serif';
        ctx.textAlign = 'center';
        ctx.fillText(title, 320, 70);
        // The captions are a WebVTT track beside the video, not drawn into it: a progress line instead.
        ctx.fillStyle = 'rgba(245,239,230,0.8)';
        ctx.fillRect(40, 336, Math.min(1, t / seconds) * 560, 4);
        // The poster: the frame at one second, as the studio's capture takes it from an uploaded video.
        if (wantPoster && posterUrl === null && t >= 1) posterUrl = canvas.toDataURL('image/jpeg', 0.85);
        if (t < seconds) requestAnimationFrame(draw);
      };
      recorder.start();
      draw();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      recorder.stop();
      await new Promise((r) => (recorder.onstop = r));
      const blob = new Blob(chunks, { type: 'video/webm' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { base64: btoa(binary), poster: posterUrl };
    }, lesson);
    if (poster) fs.writeFileSync(path.join(OUT, `${lesson.file}-poster.jpg`), Buffer.from(poster.split(',')[1], 'base64'));
    fs.writeFileSync(path.join(OUT, `${lesson.file}.webm`), Buffer.from(base64, 'base64'));
    if (lesson.captions.length === 0) {
      console.log(`${lesson.file}.webm and its poster`);
      continue;
    }
    const vtt = ['WEBVTT', '', ...lesson.captions.flatMap(([from, to, text], i) => [`${i + 1}`, `${stamp(from)} --> ${stamp(to)}`, text, ''])].join('\n');
    fs.writeFileSync(path.join(OUT, `${lesson.file}.vtt`), vtt);
    console.log(`${lesson.file}.webm ${Buffer.from(base64, 'base64').length} bytes, ${lesson.file}.vtt`);
  }
} finally {
  await browser.close();
}
