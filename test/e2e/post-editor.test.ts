// Blog posts and events in the page editor, in Chromium against the built server, as an owner
// writes them: the Journal opened from the pages tree, "Spring cupping notes" made from its list,
// a text block written, a main image chosen, tags added with the keyboard (a repeated one refused
// with the spec's message), the author chosen, published; the list shows it Published and the
// visitor's page shows its title, tags and image. Then an event in another time zone with a
// location: its page shows the times in that zone and the calendar link in UTC. No serious
// accessibility violation at 390 px or 1280 px; screenshots go to test-results/.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = { admin: { email: 'owner@posts.test', role: null } } as const;

/** A picture in the media library, uploaded as the media page does. */
async function uploadPhoto(p: Page, name: string) {
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
  await p.evaluate(
    async ({ bytes, name }) => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
      const res = await fetch('/api/owner/media', { method: 'POST', headers: { 'X-CSRF-Token': crumb, Accept: 'application/json' }, body: form });
      if (!res.ok) throw new Error(`upload: ${res.status}`);
    },
    { bytes: [...photo], name },
  );
}

describe('posts and events in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);
  const signIn = (path: string, options: object = STUDIO_DESKTOP) => signInToStudio(ui, { email: ACCOUNTS.admin.email, password: PASSWORD }, path, options);
  const newItem = async (p: Page, noun: 'post' | 'event', title: string) => {
    await p.getByRole('button', { name: `New ${noun}` }).click();
    const dialog = p.getByRole('dialog', { name: `New ${noun}` });
    await dialog.getByLabel('Title').fill(title);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/config\/pages\/[^/]+\/edit$/);
    await p.getByText('This page is empty: add a section or a block.').waitFor();
  };
  const saved = (p: Page) => p.getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 10_000 });

  it('writes a post from the Journal’s list, publishes it, and a visitor reads it', async () => {
    const p = await signIn('/config/pages');
    await uploadPhoto(p, 'cupping-table.jpg');
    await p.getByRole('list', { name: 'Main navigation' }).getByRole('link', { name: 'Journal', exact: true }).click();
    await p.waitForURL(/\/config\/pages\/collections\//);
    await p.getByRole('heading', { name: 'Journal' }).waitFor();
    await p.getByRole('table', { name: 'Journal' }).waitFor();
    const listUrl = p.url();
    await newItem(p, 'post', 'Spring cupping notes');

    await p.getByRole('button', { name: 'Add block' }).click();
    await p
      .getByRole('dialog', { name: 'Add a block' })
      .getByRole('button', { name: /^Text / })
      .click();
    await p.locator('.rich-text-area').click();
    await p.keyboard.type('We cupped four new coffees this spring.');

    await p.getByRole('button', { name: 'Post settings' }).click();
    await p.getByRole('heading', { name: 'Post settings' }).waitFor();
    await p.getByRole('button', { name: 'Choose main image' }).click();
    await p
      .getByRole('dialog', { name: 'Choose an image' })
      .getByRole('button', { name: /cupping-table/ })
      .first()
      .click();
    await p.getByLabel('Main image description (alt text)').fill('Cups lined up for cupping');
    const tags = p.getByRole('textbox', { name: 'Tags' });
    await tags.focus();
    for (const tag of ['cupping', 'new crop', 'Cupping']) {
      await p.keyboard.type(tag);
      await p.keyboard.press('Enter');
    }
    await p.getByRole('alert').filter({ hasText: 'This tag already exists' }).waitFor();
    await expect.poll(() => p.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['cupping×', 'new crop×']);
    await p.keyboard.press('Control+a');
    await p.keyboard.press('Backspace');
    await p.getByLabel('Author').selectOption({ label: 'Owner (owner@posts.test)' });
    await saved(p);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'post editor settings desktop');

    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    await p.getByText('Published.').waitFor();
    await p.getByRole('link', { name: 'All posts' }).click();
    await p.waitForURL(listUrl);
    const row = p.getByRole('row').filter({ hasText: 'Spring cupping notes' });
    await row.getByText('Published', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Owner');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'post list desktop');

    const phone = await signIn(new URL(listUrl).pathname, STUDIO_PHONE);
    await phone.getByRole('row').filter({ hasText: 'Spring cupping notes' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'post list phone');

    const visitor = await ui.browser.newContext();
    const v = await visitor.newPage();
    expect((await v.goto(`${ui.server.url}/journal/spring-cupping-notes`))?.status()).toBe(200);
    await v.getByRole('heading', { name: 'Spring cupping notes', level: 1 }).waitFor();
    await v.getByText('We cupped four new coffees this spring.').waitFor();
    expect(await v.locator('.post-tags .tag').allTextContents()).toEqual(['cupping', 'new crop']);
    await v.getByRole('img', { name: 'Cups lined up for cupping' }).waitFor();
    await v.getByText('By Owner').waitFor();
    await visitor.close();
  }, 180_000);

  it('makes an event in another time zone with a location, and its page shows that zone and the calendar link in UTC', async () => {
    const p = await signIn('/config/pages');
    await p.getByRole('list', { name: 'Main navigation' }).getByRole('link', { name: 'Events', exact: true }).click();
    await p.waitForURL(/\/config\/pages\/collections\//);
    await newItem(p, 'event', 'Glaze night in San Francisco');
    await p.getByRole('button', { name: 'Event settings' }).click();
    await p.getByLabel('Starts').fill('2030-04-01T10:00');
    await p.getByLabel('Ends').fill('2030-04-01T12:00');
    await p.getByLabel('Time zone').selectOption('America/Los_Angeles');
    await p.getByLabel('Place name').fill('Pier Studio');
    await p.getByLabel('Address line 1').fill('1 Embarcadero');
    await p.getByLabel('Address line 2').fill('San Francisco, CA');
    await p.getByLabel('Latitude').fill('37.795');
    await p.getByLabel('Longitude').fill('-122.394');
    const link = p.getByRole('link', { name: 'Add to Google Calendar' });
    await expect.poll(() => link.getAttribute('href')).toContain('dates=20300401T170000Z/20300401T190000Z');
    await saved(p);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'event editor settings desktop');
    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    await p.getByText('Published.').waitFor();

    const phone = await signIn(new URL(p.url()).pathname, STUDIO_PHONE);
    await phone.getByRole('button', { name: 'Event settings' }).click();
    await phone.getByRole('heading', { name: 'Event settings' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'event editor settings phone');

    for (const [options, name] of [
      [STUDIO_DESKTOP, 'event page desktop'],
      [STUDIO_PHONE, 'event page phone'],
    ] as const) {
      const visitor = await ui.browser.newContext(options);
      const v = await visitor.newPage();
      expect((await v.goto(`${ui.server.url}/events/glaze-night-in-san-francisco`))?.status()).toBe(200);
      await v.getByRole('heading', { name: 'Glaze night in San Francisco', level: 1 }).waitFor();
      expect(await v.locator('.event-when time').textContent()).toBe('Monday, April 1, 2030');
      expect((await v.locator('.event-when__range').textContent())?.replace(/\s/gu, ' ')).toBe('10:00 AM – 12:00 PM PDT');
      expect(await v.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toContain('dates=20300401T170000Z/20300401T190000Z');
      await v.locator('.event-address').getByText('Pier Studio').waitFor();
      expect(await seriousViolations(v)).toEqual([]);
      await saveScreenshot(v, name);
      await visitor.close();
    }
  }, 180_000);
});
