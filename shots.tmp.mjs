import { chromium } from 'playwright-core';
const base = process.argv[2];
const pages = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', m.text()); });
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = `/tmp/shots/${name}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: name === 'desktop' ? false : false });
    console.log(file);
  }
  await ctx.close();
}
await browser.close();
