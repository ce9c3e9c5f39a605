// Pages made of sections and blocks, rendered by the default theme: the sections and blocks in their
// order with the markup contract, hidden ones kept and classed, a bad block left out, a kind whose data
// is gone left out, and a blog post's body of blocks shown in place of its body.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { BLOCK_DATA } from '../../src/modules/site/context/layout-data.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { pageJson, testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { QUICK_PASSWORD_COST } from '../helpers/passwords.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

const THEMES = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'themes');

const SECTIONS = [
  {
    id: 's-intro',
    columns: 2,
    theme: 'dark',
    spacing: { top: { desktop: 'large', mobile: 'small' } },
    blocks: [
      { id: 'b-text', kind: 'text', span: 1, settings: { html: '<h1>Workshops</h1><p>Learn to throw.</p>' } },
      { id: 'b-image', kind: 'image', variant: 1013, span: 1, settings: { image: 'assets/shop/mug.svg', title: 'Wheel', link: '/shop', buttonLabel: 'Shop' } },
    ],
  },
  { id: 's-phone', hidden: { desktop: true }, blocks: [{ id: 'b-quote', kind: 'quote', settings: { text: 'Clay remembers.', source: 'Jonah' } }] },
  {
    id: 's-end',
    blocks: [
      { id: 'b-line', kind: 'line', hidden: { mobile: true } },
      { id: 'b-button', kind: 'button', settings: { label: 'Book', link: '/events' } },
    ],
  },
];

describe.each(DIALECTS)('page layouts rendered by the default theme on %s', (dialect) => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dir: string;

  /** Writes an item's data straight into the store, as the editor's drafts will, and starts a new site version. */
  async function setData(urlId: string, change: (data: Record<string, unknown>) => void) {
    const row = await store.db.selectFrom('items').select(['id', 'data']).where('url_id', '=', urlId).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    change(data);
    await store.db
      .updateTable('items')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', row.id)
      .execute();
    await store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
  }

  beforeAll(async () => {
    // The fixture shop with the default theme, its story page made of sections.
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-layout-'));
    await fs.cp(FIXTURE_SITE, dir, { recursive: true });
    const site = JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'));
    await fs.writeFile(path.join(dir, 'site.json'), JSON.stringify({ ...site, theme: 'default' }));
    const storyFile = path.join(dir, 'collections', 'story.json');
    const story = JSON.parse(await fs.readFile(storyFile, 'utf8'));
    story.items[0].sections = SECTIONS;
    await fs.writeFile(storyFile, JSON.stringify(story));
    store = await freshStore(dialect);
    await importSite(store, dir);
    app = await buildApp(testConfig({ themesDir: THEMES, siteDir: dir }), { store, passwordCost: QUICK_PASSWORD_COST });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('renders the sections and blocks in order with the markup contract, hidden ones kept and classed', async () => {
    const res = await app.inject({ url: '/story' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<div class="page-layout" data-layout>');
    expect([...html.matchAll(/data-section-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['s-intro', 's-phone', 's-end']);
    expect([...html.matchAll(/data-block-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['b-text', 'b-image', 'b-quote', 'b-line', 'b-button']);
    expect(html).toContain(
      'class="page-section color-theme-dark page-section--theme-dark page-section--width-wide page-section--cols-2 page-section--pt-large page-section--pt-mobile-small page-section--pb-medium" data-section-id="s-intro"',
    );
    expect(html).toContain(
      'class="page-section color-theme-default page-section--theme-default page-section--width-wide page-section--cols-1 page-section--pt-medium page-section--pb-medium is-hidden-desktop" data-section-id="s-phone"',
    );
    expect(html).toContain('class="layout-block layout-block--line layout-block--span-1 is-hidden-mobile" data-block-id="b-line"');
    expect(html).toContain('<div class="layout-text prose"><h1>Workshops</h1><p>Learn to throw.</p></div>');
    expect(html).toContain('<h2 class="layout-image__title">Wheel</h2>');
    expect(html).toMatch(/<img class="layout-image__img" src="\/assets\/shop\/mug\.svg\?v=[0-9a-f]{12}"/);
    expect(html).toContain('<a class="button" href="/shop">Shop</a>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/theme\/[0-9a-f]+\/styles\/sections\.css">/);
    // The old rendering of the page (title, body) gives way to the layout.
    expect(html).not.toContain('We make pots.');
  });

  it('gives the layout in the page context: kinds, BlockType numbers, variant names, image objects', async () => {
    const { json } = await pageJson(app, '/story');
    const [intro] = json.item.layout.sections;
    expect(intro).toMatchObject({ id: 's-intro', columns: 2, theme: 'dark', width: 'wide' });
    expect(intro.blocks.map((b: { kind: string; type: number; variantName: string }) => [b.kind, b.type, b.variantName])).toEqual([
      ['text', 2, ''],
      ['image', 5, 'card'],
    ]);
    expect(intro.blocks[1].settings.image).toMatchObject({
      assetUrl: expect.stringMatching(/^\/assets\/shop\/mug\.svg\?v=/),
      title: 'Wheel',
      filename: 'mug.svg',
    });
    expect(json.item.layout.hasHeading).toBe(true);
  });

  it('leaves out a block with a problem and a block whose data is gone; the rest of the page still shows', async () => {
    await setData('story', (data) => {
      const sections = structuredClone(SECTIONS) as { blocks: { settings?: Record<string, unknown> }[] }[];
      sections[2]!.blocks[1]!.settings = { label: 'Book', link: 'javascript:alert(1)' };
      data.sections = sections;
    });
    BLOCK_DATA.quote = async () => null;
    try {
      const html = (await app.inject({ url: '/story' })).body;
      expect([...html.matchAll(/data-block-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['b-text', 'b-image', 'b-line']);
      expect(html).not.toContain('javascript:');
    } finally {
      delete BLOCK_DATA.quote;
    }
  });

  it("shows a blog post's body of blocks in place of its body, and keeps the body of a post without one", async () => {
    const { json: list } = await pageJson(app, '/journal');
    const [first, second] = list.items as { urlId: string; body: string }[];
    await setData(first!.urlId, (data) => {
      data.sections = [{ id: 's-post', blocks: [{ id: 'b-post', kind: 'text', settings: { html: '<p>Blocks, not body.</p>' } }] }];
    });
    const html = (await app.inject({ url: `/journal/${first!.urlId}` })).body;
    expect(html).toContain('data-block-id="b-post"');
    expect(html).toContain('<p>Blocks, not body.</p>');
    const plain = (await app.inject({ url: `/journal/${second!.urlId}` })).body;
    expect(plain).not.toContain('data-layout');
  });

  it('finds an imported page by the words of its blocks in site search, never by a setting such as a link', async () => {
    const search = async (q: string) => (await pageJson(app, `/search?q=${encodeURIComponent(q)}`)).json.items.map((i: { fullUrl: string }) => i.fullUrl);
    // Clay remembers (a quote), Learn to throw (rich text), Book (a button's label), Wheel (an image's title).
    for (const words of ['clay remembers', 'learn to throw', 'wheel']) expect(await search(words), words).toContain('/story');
    expect(await search('assets/shop/mug')).not.toContain('/story');
  });
});
