// Video in Chromium, against the built server and the demo: an owner uploads a video in the studio and
// sees its length and the poster the browser captured from it; a visitor opens the demo's video post on
// a phone and a desktop, where the poster waits behind a play button until asked (by keyboard here),
// then plays Tessera's own <video>. No serious accessibility violation; screenshots go to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, createStaff, e2eSite, saveScreenshot, startServer, signInToStudio } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = { admin: { email: 'owner@video.test', role: null } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const site = e2eSite();
const VIDEO = path.join(site.siteDir, 'assets', 'journal', 'morning-brew.webm');
const POST = '/journal/a-beginners-guide-to-pour-over';

describe.skipIf(site.name !== 'demo')('video in Chromium', () => {
  const ui = browserSuite(
    async () => {
      const server = await startServer({ siteDir: site.siteDir, themesDir: site.themesDir });
      await createStaff(server, ACCOUNTS, PASSWORD);
      return server;
    },
    { context: false, timeout: 120_000 },
  );

  async function signIn(options: object): Promise<Page> {
    const p = await signInToStudio(ui, { email: ACCOUNTS.admin.email, password: PASSWORD }, '/config/media', { ...options, bypassCSP: true });
    await p.getByRole('list', { name: 'Files' }).waitFor();
    return p;
  }

  it('uploads a video, shows its length and the poster captured from it, and the poster in its edit dialog', async () => {
    const p = await signIn(DESKTOP);
    await p.getByLabel('Choose files').setInputFiles([{ name: 'Studio tour.webm', mimeType: 'video/webm', buffer: fs.readFileSync(VIDEO) }]);
    await p.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').waitFor();
    const files = p.getByRole('list', { name: 'Files' });
    const tile = files.getByRole('listitem').filter({ hasText: 'Studio tour.webm' });
    await tile.getByText('0:07').waitFor();
    await tile.locator('img.media-thumb').waitFor();
    const listed = await p.evaluate(async () => (await fetch('/api/owner/media?q=studio%20tour&kind=video')).json());
    expect(listed.assets[0]).toMatchObject({ durationText: '0:07', poster: { url: expect.stringMatching(/^\/assets\/uploads\/Studio-tour-poster\.jpg\?v=/) } });
    const frame = await p.evaluate(async (id: string) => (await fetch(`/api/owner/media/${id}`)).json(), listed.assets[0].poster.id);
    expect(frame.asset).toMatchObject({ kind: 'image', width: 640, height: 360 });
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'media video desktop');

    await files.getByRole('button', { name: 'Edit Studio tour.webm' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit Studio tour.webm' });
    await dialog.getByRole('img', { name: 'The poster of Studio tour.webm' }).waitFor();
    await dialog.getByRole('button', { name: 'Capture from video' }).click();
    await dialog.getByText('The frame was captured and set as the poster.').waitFor();
    await dialog.getByRole('button', { name: 'Choose from library' }).click();
    await dialog.getByRole('list', { name: 'Images of the library' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'media video poster desktop');
  });

  it('fits the phone, with the link form and the video’s length', async () => {
    const p = await signIn(PHONE);
    await p.getByRole('form', { name: 'Add from a link' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(p, 'media video phone');
  });

  for (const [name, options] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`plays the demo's video post on a ${name}: poster first, then the player, from the keyboard`, async () => {
      const p = await ui.open(options);
      await p.goto(`${ui.server.url}${POST}`);
      const play = p.getByRole('button', { name: "Play video: A beginner's guide to pour-over" });
      await play.waitFor();
      expect(await p.locator('.post-video__duration').textContent()).toBe('Length 0:07');
      expect(await p.locator('video').count()).toBe(0);
      expect(await seriousViolations(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(p, `video post ${name}`);
      await play.focus();
      await p.keyboard.press('Enter');
      const video = p.locator('.post-video__player video');
      await video.waitFor();
      expect(await p.evaluate(() => document.activeElement?.tagName)).toBe('VIDEO');
      expect(await video.getAttribute('poster')).toMatch(/^\/assets\/journal\/morning-brew-poster\.jpg\?v=/);
      await saveScreenshot(p, `video post ${name} playing`);
    });
  }
});
