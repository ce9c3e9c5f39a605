// Replacing a photograph and resuming a large upload in Chromium, against the built server: the owner
// replaces the pour-over dripper's photograph from the edit dialog (which names the product that uses
// it), and the product page then shows the new file under its new address; a 9 MB file goes in chunks,
// its first chunk's connection is cut, and the upload resumes from the server's offset by itself.
// No serious accessibility violation at 390 px or 1280 px; screenshots go to test-results/.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = { admin: { email: 'owner@replace.test', role: null } } as const;
const PHONE = STUDIO_PHONE;
const DESKTOP = STUDIO_DESKTOP;

describe('replacing and resuming media in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);

  async function signIn(options: object = DESKTOP): Promise<Page> {
    const p = await signInToStudio(ui, { email: ACCOUNTS.admin.email, password: PASSWORD }, '/config/media', { ...options, bypassCSP: true });
    await p.getByRole('list', { name: 'Files' }).waitFor();
    return p;
  }

  it("replaces a product's photograph from the edit dialog, and the product page shows the new one", async () => {
    const p = await signIn();
    await p.getByLabel('Search').fill('pour-over-dripper');
    const files = p.getByRole('list', { name: 'Files' });
    await files.getByRole('button', { name: 'Edit pour-over-dripper.jpg' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit pour-over-dripper.jpg' });
    await dialog.getByText(/Used in 1 place: .*\(product\)/).waitFor();
    const fresh = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: 230, g: 120, b: 30 } } })
      .jpeg()
      .toBuffer();
    await dialog.getByLabel('Replace file').setInputFiles({ name: 'orange dripper.jpg', mimeType: 'image/jpeg', buffer: fresh });
    await dialog.getByText('pour-over-dripper.jpg now holds orange dripper.jpg.').waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'media replace desktop');
    const listed = await p.evaluate(async () => (await fetch('/api/owner/media?q=pour-over-dripper')).json());
    const url: string = listed.assets[0].url;
    const hash = url.split('?v=')[1]!;

    const shop = await ui.open(DESKTOP);
    await shop.goto(`${ui.server.url}/shop/pour-over-dripper`);
    const sources = await shop.locator('img').evaluateAll((imgs) => imgs.map((i) => `${i.getAttribute('src')} ${i.getAttribute('srcset') ?? ''}`).join(' '));
    expect(sources).toContain(`v=${hash}`);
    const served = await shop.evaluate(async (u) => (await (await fetch(u)).arrayBuffer()).byteLength, url);
    expect(served).toBe(fresh.length);
  });

  it('resumes a large upload whose chunk was cut off, from the server offset, and fits a phone', async () => {
    const p = await signIn(PHONE);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
    const big = Buffer.concat([photo, Buffer.alloc(9_000_000 - photo.length)]);
    const sent: string[] = [];
    const chunks = '**/api/owner/media/uploads/*';
    p.on('request', (request) => {
      if (request.url().includes('/api/owner/media/uploads/')) sent.push(`${request.method()} ${request.headers()['content-range'] ?? ''}`);
    });
    // The first chunk's connection is cut; the others go straight through (a routed body crawls).
    await p.route(chunks, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await route.abort('connectionreset');
      await p.unroute(chunks);
    });
    await p.getByLabel('Choose files').setInputFiles({ name: 'Big harbour.jpg', mimeType: 'image/jpeg', buffer: big });
    const uploads = p.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('Uploaded').waitFor({ timeout: 30_000 });
    await p.getByRole('list', { name: 'Files' }).getByText('Big harbour.jpg', { exact: true }).waitFor();
    expect(sent).toEqual(['PUT bytes 0-8388607/9000000', 'GET ', 'PUT bytes 0-8388607/9000000', 'PUT bytes 8388608-8999999/9000000']);
    expect(await seriousViolations(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(p, 'media resumed upload phone');
    await p.getByRole('list', { name: 'Files' }).getByRole('button', { name: 'Edit Big harbour.jpg' }).click();
    await p.getByRole('dialog', { name: 'Edit Big harbour.jpg' }).getByText('Not used on the site yet.').waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'media replace phone');
  }, 60_000);
});
