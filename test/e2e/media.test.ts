// The studio's media page in Chromium, against the built server: an owner picks several files at once
// (a photograph and a text file named as a picture), sees each one's outcome, describes the
// photograph, and deletes it after confirming; a store manager's phone shows the page too. No serious
// accessibility violation at 390 px or 1280 px; screenshots go to test-results/.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = {
  admin: { email: 'owner@media.test', role: null },
  shop: { email: 'shop@media.test', role: 'store-manager' },
} as const;
const PHONE = STUDIO_PHONE;
const DESKTOP = STUDIO_DESKTOP;

describe('the media page in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);

  const signIn = (who: keyof typeof ACCOUNTS, page: string, options: object = DESKTOP): Promise<Page> =>
    signInToStudio(ui, { email: ACCOUNTS[who].email, password: PASSWORD }, page, options);

  it('uploads several files at once, shows each outcome, describes a photograph and deletes it after confirming', async () => {
    const p = await signIn('admin', '/config/media');
    await p.getByRole('list', { name: 'Files' }).waitFor();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer();
    await p.getByLabel('Choose files').setInputFiles([
      { name: 'Harbour photo.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('only text') },
    ]);
    const uploads = p.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('The file notes.png does not appear to be a supported file.').waitFor();
    await uploads.getByText('Uploaded').waitFor();
    await uploads.getByRole('button', { name: 'Retry notes.png' }).waitFor();
    const files = p.getByRole('list', { name: 'Files' });
    await files.getByText('Harbour photo.jpg', { exact: true }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'media uploads desktop');

    await files.getByRole('button', { name: 'Edit Harbour photo.jpg' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit Harbour photo.jpg' });
    await dialog.getByLabel('Alt text').fill('Boats in the harbour at noon');
    await dialog.getByRole('button', { name: 'Focal point' }).focus();
    await p.keyboard.press('ArrowDown');
    await saveScreenshot(p, 'media edit desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('status').getByText('Harbour photo.jpg was saved.').waitFor();
    const listed = await p.evaluate(async () => (await fetch('/api/owner/media?q=harbour')).json());
    expect(listed.assets[0]).toMatchObject({ alt: 'Boats in the harbour at noon', focalPoint: { x: 0.5, y: 0.55 } });

    await files.getByRole('button', { name: 'Delete Harbour photo.jpg' }).click();
    const confirm = p.getByRole('dialog', { name: 'Delete Harbour photo.jpg?' });
    await confirm.getByText('It is not used on the site.').waitFor();
    await p.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await files.getByRole('button', { name: 'Delete Harbour photo.jpg' }).click();
    await p.getByRole('dialog', { name: 'Delete Harbour photo.jpg?' }).getByRole('button', { name: 'Delete' }).click();
    await p.getByRole('status').getByText('Harbour photo.jpg was deleted.').waitFor();
    await files.getByText('Harbour photo.jpg', { exact: true }).waitFor({ state: 'detached' });
  });

  it("fits a store manager's phone with no serious accessibility violation", async () => {
    const p = await signIn('shop', '/config/media', PHONE);
    await p.getByRole('list', { name: 'Files' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(p, 'media phone');
  });
});
