// The page editor in Chromium, against the built server, as a new owner builds a page: a
// "Workshops" page made from empty with a heading, an image, a three-column summary of the events,
// the contact form (4 fields) and a button; two blocks reordered with the keyboard and the move
// undone; the preview at a phone's width; scheduled ten minutes ahead (invisible to visitors, also
// through ?format=json); published; and a visitor sends the form. Keyboard only where a person
// would use the keyboard, no serious accessibility violation at 390 px or 1280 px; screenshots go
// to test-results/.
//
// A second story edits a page through the content API and checks what was stored.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ownerCall, saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = { admin: { email: 'owner@pages.test', role: null } } as const;
const TIME_ZONE_OF = (p: Page) => p.evaluate(() => JSON.parse(document.getElementById('tessera-studio-context')!.textContent!).timeZone as string);

/** The wall-clock date and time of an instant in a time zone, as the schedule dialog's inputs take them. */
function wallClock(ms: number, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe('the page editor in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);
  const signIn = (path: string, options: object = STUDIO_DESKTOP) => signInToStudio(ui, { email: ACCOUNTS.admin.email, password: PASSWORD }, path, options);
  const outline = (p: Page) => p.getByRole('tree', { name: 'Page outline' });
  const outlineLabels = async (p: Page) => (await outline(p).getByRole('treeitem').allTextContents()).map((t) => t.replace('⋮⋮', '').trim());
  const addBlock = async (p: Page, kind: string) => {
    await p.getByRole('button', { name: 'Add block' }).click();
    await p
      .getByRole('dialog', { name: 'Add a block' })
      .getByRole('button', { name: new RegExp(`^${kind} `) })
      .click();
    await p.getByRole('heading', { name: `${kind} block` }).waitFor();
  };

  it('builds a Workshops page from empty, schedules it, publishes it, and a visitor sends its form', async () => {
    const p = await signIn('/config/pages');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    // A picture in the library to choose, uploaded as the media page does.
    await p.evaluate(
      async (bytes) => {
        const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'workshop-table.jpg');
        const res = await fetch('/api/owner/media', { method: 'POST', headers: { 'X-CSRF-Token': crumb, Accept: 'application/json' }, body: form });
        if (!res.ok) throw new Error(`upload: ${res.status}`);
      },
      [...photo],
    );
    const created = await ownerCall<{ node: { itemId: string; url: string } }>(p, 'POST', '/api/owner/pages', { kind: 'page', title: 'Workshops', in: 'main' });
    expect(created.status).toBe(201);
    const { itemId } = created.json.node;
    await p.goto(`${ui.server.url}/config/pages/${itemId}/edit`);
    await p.getByText('This page is empty: add a section or a block.').waitFor();
    expect(await seriousViolations(p)).toEqual([]);

    // A heading, typed in the rich text editor.
    await addBlock(p, 'Text');
    await p.getByRole('toolbar', { name: 'Text: formatting' }).getByRole('button', { name: 'Heading 2' }).click();
    // The editor takes the focus back from the toolbar on the next frame.
    await p.locator('.rich-text-area.ProseMirror-focused').waitFor();
    await p.keyboard.type('Workshops at the roastery');
    await p.getByRole('button', { name: 'Heading 2', pressed: true }).waitFor();

    // An image of the library.
    await addBlock(p, 'Image');
    await p.getByRole('button', { name: 'Choose image' }).click();
    await p
      .getByRole('dialog', { name: 'Choose an image' })
      .getByRole('button', { name: /workshop-table/ })
      .click();
    await p.getByLabel('Alternative text').fill('Cups on the cupping table');

    // The events, three to a row.
    await addBlock(p, 'Summary');
    await p.getByLabel('Collection').selectOption('events');
    await p.getByLabel('Columns', { exact: true }).fill('3');

    // The contact form: name, email, subject, message.
    await addBlock(p, 'Form');
    await p.getByLabel('Form', { exact: true }).selectOption('contact');

    await addBlock(p, 'Button');
    await p.getByLabel('Label').fill('Book a place');
    await p.getByLabel('Link').fill('/contact');
    await expect
      .poll(() => outlineLabels(p))
      .toEqual([
        'Section 1',
        'Text: Workshops at the roastery',
        'Image: Cups on the cupping table',
        'Summary: events',
        'Form: contact',
        'Button: Book a place',
      ]);

    // The button above the form, with the keyboard only; then undone.
    await outline(p)
      .getByRole('treeitem', { name: /Book a place/ })
      .focus();
    await p.keyboard.press('Alt+ArrowUp');
    await p.getByText('Moved to place 4 of 5 in section 1.').waitFor();
    await expect.poll(async () => (await outlineLabels(p)).slice(4)).toEqual(['Button: Book a place', 'Form: contact']);
    await p.keyboard.press('Control+z');
    await expect.poll(async () => (await outlineLabels(p)).slice(4)).toEqual(['Form: contact', 'Button: Book a place']);
    await p.getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 10_000 });

    // The live preview: the real render of the unsaved page, at a phone's width.
    await p.getByRole('button', { name: 'Phone' }).click();
    const frame = p.frameLocator('iframe[title="Preview at phone width"]');
    await frame.getByRole('heading', { name: 'Workshops at the roastery' }).waitFor();
    await frame.locator('[data-block-id]').nth(4).waitFor();
    expect(await p.locator('iframe[title="Preview at phone width"]').evaluate((f) => f.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'page editor workshops desktop');

    // Scheduled ten minutes ahead: nobody sees it yet.
    const zone = await TIME_ZONE_OF(p);
    const when = wallClock(Date.now() + 10 * 60_000, zone);
    await p.getByRole('button', { name: 'Schedule', exact: true }).click();
    const schedule = p.getByRole('dialog', { name: 'Schedule publication' });
    await schedule.getByLabel('Date').fill(when.date);
    await schedule.getByLabel('Time').fill(when.time);
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await p.locator('.status-badge', { hasText: 'Scheduled' }).waitFor();
    const visitor = await ui.browser.newContext();
    const v = await visitor.newPage();
    expect((await v.goto(`${ui.server.url}${created.json.node.url}`))?.status()).toBe(404);
    expect((await v.goto(`${ui.server.url}${created.json.node.url}?format=json`))?.status()).toBe(404);
    const nav = await (await v.request.get(`${ui.server.url}/?format=json`)).text();
    expect(nav).not.toContain('Workshops at the roastery');

    // Published now: the visitor sees it and sends the form.
    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    await p.getByText('Published.').waitFor();
    await v.addInitScript(() => {
      localStorage.setItem('version', '1');
      localStorage.setItem('date-closed', '1700000000000');
    });
    expect((await v.goto(`${ui.server.url}${created.json.node.url}`))?.status()).toBe(200);
    await v.getByRole('heading', { name: 'Workshops at the roastery' }).waitFor();
    expect(await v.locator('.layout-block--summary').count()).toBe(1);
    const form = v.locator('form[data-form-id="contact"]');
    // The forms island mounts as the form nears the viewport.
    await form.scrollIntoViewIfNeeded();
    await v.waitForSelector('.tessera-form-island form[data-form-id="contact"] altcha-widget');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel(/^Email/).fill('ada@example.com');
    await form.getByLabel(/^Subject/).selectOption('Workshops and events');
    await form.getByLabel(/^Message/).fill('Is there a workshop in spring?');
    await form.locator('.captcha-container[data-state="verified"]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Submit' }).click();
    await v.getByRole('status').filter({ hasText: 'Thank you for writing' }).waitFor();
    expect(await seriousViolations(v)).toEqual([]);
    await visitor.close();

    // The editor on a phone: one pane at a time.
    const phone = await signIn(`/config/pages/${itemId}/edit`, STUDIO_PHONE);
    await outline(phone).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'page editor workshops phone');
    await phone.getByRole('button', { name: 'Preview', exact: true }).click();
    // On a phone the preview starts at the phone's width.
    await phone.locator('iframe[title="Preview at phone width"]').waitFor();
    expect(await phone.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(phone, 'page editor workshops phone preview');
  }, 180_000);

  it('edits a page of the site through the content API: blocks added, moved with the keyboard, undone, saved, published, in its history', async () => {
    const p = await signIn('/config/pages');
    const created = await ownerCall<{ node: { itemId: string } }>(p, 'POST', '/api/owner/pages', { kind: 'page', title: 'Visit us', in: 'notLinked' });
    expect(created.status).toBe(201);
    const itemId = created.json.node.itemId;
    await p.goto(`${ui.server.url}/config/pages/${itemId}/edit`);
    await p.getByText('This page is empty: add a section or a block.').waitFor();
    // The real page, rendered by the server, fills the frame.
    await p.locator('iframe[title="Preview at desktop width"]').waitFor();

    await addBlock(p, 'Text');
    await p.getByRole('toolbar', { name: 'Text: formatting' }).getByRole('button', { name: 'Heading 2' }).click();
    // The editor takes the focus back from the toolbar on the next frame.
    await p.locator('.rich-text-area.ProseMirror-focused').waitFor();
    await p.keyboard.type('Visit the roastery');
    await addBlock(p, 'Button');
    await p.getByLabel('Label').fill('Book a visit');
    await p.getByLabel('Link').fill('/contact');
    await expect.poll(() => outlineLabels(p)).toEqual(['Section 1', 'Text: Visit the roastery', 'Button: Book a visit']);

    await outline(p)
      .getByRole('treeitem', { name: /Book a visit/ })
      .focus();
    await p.keyboard.press('Alt+ArrowUp');
    await p.getByText('Moved to place 1 of 2 in section 1.').waitFor();
    await expect.poll(() => outlineLabels(p)).toEqual(['Section 1', 'Button: Book a visit', 'Text: Visit the roastery']);
    await p.keyboard.press('Control+z');
    await expect.poll(() => outlineLabels(p)).toEqual(['Section 1', 'Text: Visit the roastery', 'Button: Book a visit']);
    await p.getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 10_000 });
    const stored = await p.evaluate(
      async (id) =>
        (await (await fetch(`/api/owner/content/${id}`)).json()) as {
          draft: { document: { sections: { blocks: { kind: string; settings: Record<string, unknown> }[] }[] } };
        },
      itemId,
    );
    const blocks = stored.draft.document.sections[0]!.blocks;
    expect(blocks.map((b) => b.kind)).toEqual(['text', 'button']);
    expect(blocks[0]!.settings.html).toBe('<h2>Visit the roastery</h2>');
    expect(blocks[1]!.settings).toMatchObject({ label: 'Book a visit', link: '/contact' });

    await p.getByRole('button', { name: 'Phone' }).click();
    await p.locator('iframe[title="Preview at phone width"]').waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'page editor visit us desktop');

    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    await p.getByText('Published.').waitFor();
    await p.getByRole('button', { name: 'History' }).click();
    const history = p.getByRole('dialog', { name: 'Published versions' });
    await history.getByRole('button', { name: 'Restore…' }).first().waitFor();
    await p.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
  });

  it("opens on an owner's phone and desktop, says when the page does not exist, with no serious accessibility violation", async () => {
    for (const options of [STUDIO_DESKTOP, STUDIO_PHONE]) {
      const p = await signIn('/config/pages/no-such-item/edit', options);
      await p.getByRole('alert').waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});
