// What each block kind that reads the store answers (context/layout-data/*), on SQLite and PostgreSQL,
// through a route that builds a page context for the request as pages are built (its access checks,
// its clock) and asks BLOCK_DATA for a list of blocks at once, as a page with a layout does.
import { readLayout } from '@tessera/core/layout';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageType } from '../../src/constants.js';
import { BLOCK_DATA } from '../../src/modules/site/context/layout-data.js';
import { baseContext } from '../../src/modules/site/pages.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { DIALECTS } from '../helpers/store.js';

type Json = Record<string, any>;

let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements += 1;
    return args.result;
  },
};
type Block = { kind: string; variant?: number; settings?: Json };

describe.each(DIALECTS)('block kinds that read the store, on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp(dialect);
    // The blocks of one page, read as a page with a layout reads them; `render` sends the page through the
    // renderer (its headers), else the blocks' data and what they added to the page context.
    site.app.get('/__layout-data', async (request, reply) => {
      const query = request.query as { blocks: string; render?: string };
      // Every statement the readers run is counted (through Kysely's plugin hook, not the prepared fast path).
      const store = { ...site.store, db: site.store.db.withPlugin(counter) };
      const snapshot = (await site.app.renderer.snapshotFor(request))!;
      const req = site.app.renderer.pageRequest(request, snapshot);
      const page = baseContext(req, PageType.PAGE);
      const { layout, problems } = readLayout({ sections: [{ blocks: JSON.parse(query.blocks) as Block[] }] });
      if (problems.some((p) => p.level === 'error')) return reply.status(400).send(problems);
      const data = await Promise.all(
        layout.sections[0]!.blocks.map((b) => BLOCK_DATA[b.kind]!(store, req, b.settings as unknown as Record<string, unknown>, page)),
      );
      if (query.render) return site.app.renderer.send(request, reply, snapshot, { kind: 'page', status: 200, template: 'pages/not-found.page', context: page });
      return { data, productMerchandisingContext: page.productMerchandisingContext };
    });
    await site.app.ready();
  });
  afterAll(async () => {
    await site?.close();
  });

  const read = async (blocks: Block[]) => {
    const res = await site.app.inject({ method: 'GET', url: '/__layout-data', query: { blocks: JSON.stringify(blocks) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: (Json | null)[]; productMerchandisingContext: Json };
  };
  const bumpVersion = () =>
    site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
  const setSettings = async (change: (settings: Json) => void) => {
    const row = await site.store.db.selectFrom('site_settings').select('website_settings').executeTakeFirstOrThrow();
    const settings = JSON.parse(row.website_settings) as Json;
    change(settings);
    await site.store.db
      .updateTable('site_settings')
      .set({ website_settings: JSON.stringify(settings) })
      .execute();
    await bumpVersion();
  };

  it('gives a summary the first visible items of its collection with their products, and the filters', async () => {
    const { data, productMerchandisingContext } = await read([
      { kind: 'summary', settings: { collection: 'shop', limit: 3, title: 'Favourites' } },
      { kind: 'summary', settings: { collection: 'shop', limit: 10, tag: 'GIFT' } },
      { kind: 'summary', settings: { collection: 'journal', limit: 5, category: 'studio' } },
      { kind: 'summary', settings: { collection: 'journal', limit: 5 } },
      { kind: 'summary', settings: { collection: 'events', limit: 5 } },
      { kind: 'summary', settings: { collection: 'nowhere' } },
      { kind: 'summary', settings: { collection: 'about' } },
    ]);
    const [first, tagged, category, journal, events, missing, page] = data;
    expect(first!.title).toBe('Favourites');
    expect(first!.collection).toMatchObject({ urlId: 'shop', fullUrl: '/shop', typeName: 'products' });
    expect(first!.isProducts).toBe(true);
    expect(first!.items.map((i: Json) => i.urlId)).toEqual(['blue-mug', 'sold-out-tee', 'field-guide']);
    // Products carry their variants read now, and their restock and scarcity views join the page's.
    expect(first!.items[0].structuredContent.variants.map((v: Json) => v.sku)).toEqual(['MUG-BLU-12', 'MUG-BLU-16']);
    expect(Object.keys(productMerchandisingContext)).toEqual(expect.arrayContaining(first!.items.map((i: Json) => i.id)));
    expect(tagged!.items.map((i: Json) => i.urlId)).toEqual(['blue-mug']);
    expect(category!.items.map((i: Json) => i.urlId)).toEqual(['hello-world']);
    // Drafts never show.
    expect(journal!.items.map((i: Json) => i.urlId)).not.toContain('unfinished');
    expect(journal!.title).toBe('Journal');
    // Events: the coming ones first, then the past ones.
    expect(events!.isEvents).toBe(true);
    expect(events!.items.map((i: Json) => i.urlId)).toEqual(['open-studio', 'spring-sale']);
    expect(missing).toBeNull();
    expect(page).toBeNull();
  });

  it('leaves out a summary of a members-only collection for a visitor who may not open it', async () => {
    await site.store.db.updateTable('collections').set({ access: 'members' }).where('url_id', '=', 'journal').execute();
    await bumpVersion();
    try {
      const { data } = await read([
        { kind: 'summary', settings: { collection: 'journal' } },
        { kind: 'summary', settings: { collection: 'shop' } },
      ]);
      expect(data[0]).toBeNull();
      expect(data[1]!.items.length).toBeGreaterThan(0);
    } finally {
      await site.store.db.updateTable('collections').set({ access: 'public' }).where('url_id', '=', 'journal').execute();
      await bumpVersion();
    }
  });

  it('gives a product block its product with live variants, and nothing for one deleted, withdrawn or not a product', async () => {
    const { data, productMerchandisingContext } = await read([
      { kind: 'product', settings: { product: 'shop/blue-mug' } },
      { kind: 'product', settings: { product: 'shop/sold-out-tee' } },
      { kind: 'product', settings: { product: 'shop/draft-lamp' } },
      { kind: 'product', settings: { product: 'shop/no-such-thing' } },
      { kind: 'product', settings: { product: 'journal/hello-world' } },
      { kind: 'product', settings: { product: 'shop' } },
    ]);
    const [mug, tee, draft, missing, post, bare] = data;
    expect(mug!.item).toMatchObject({ urlId: 'blue-mug', fullUrl: '/shop/blue-mug' });
    expect(mug!.item.structuredContent.variants.map((v: Json) => [v.sku, v.qtyInStock])).toEqual([
      ['MUG-BLU-12', 7],
      ['MUG-BLU-16', 0],
    ]);
    expect(mug!.collection).toMatchObject({ urlId: 'shop', fullUrl: '/shop' });
    expect(tee!.item.structuredContent.variants.every((v: Json) => v.qtyInStock === 0)).toBe(true);
    expect(productMerchandisingContext).toHaveProperty(mug!.item.id);
    expect([draft, missing, post, bare]).toEqual([null, null, null, null]);

    // Stock is read live; a product deleted since its block was made is left out.
    await site.store.db.updateTable('product_variants').set({ stock: 2 }).where('sku', '=', 'MUG-BLU-16').execute();
    const again = await read([{ kind: 'product', settings: { product: 'shop/blue-mug' } }]);
    expect(again.data[0]!.item.structuredContent.variants[1].qtyInStock).toBe(2);
    const tee2 = await site.store.db.selectFrom('items').select('id').where('url_id', '=', 'sold-out-tee').executeTakeFirstOrThrow();
    await site.store.db.deleteFrom('product_variants').where('item_id', '=', tee2.id).execute();
    await site.store.db.deleteFrom('products').where('item_id', '=', tee2.id).execute();
    await site.store.db.deleteFrom('items').where('id', '=', tee2.id).execute();
    await bumpVersion();
    expect((await read([{ kind: 'product', settings: { product: 'shop/sold-out-tee' } }])).data[0]).toBeNull();
  });

  it('reads the items and products of every product block of a page together, however many there are', async () => {
    const one = [{ kind: 'product', settings: { product: 'shop/blue-mug' } }];
    const six = ['blue-mug', 'engraved-pen', 'field-guide', 'gift-card', 'coffee-club', 'blue-mug'].map((urlId) => ({
      kind: 'product',
      settings: { product: `shop/${urlId}` },
    }));
    await read(six); // the site's catalog keeps the products read once
    statements = 0;
    await read(one);
    const forOne = statements;
    statements = 0;
    const { data } = await read(six);
    expect(data.every((d) => d !== null)).toBe(true);
    expect(forOne).toBeGreaterThan(0);
    expect(statements).toBe(forOne);
  });

  it('gives form and newsletter blocks their form with ids of their own on the page', async () => {
    const { data } = await read([
      { kind: 'form', settings: { form: 'contact', title: 'Write' } },
      { kind: 'form', settings: { form: 'gone' } },
      { kind: 'newsletter', settings: {} },
      { kind: 'newsletter', settings: { form: 'contact' } },
    ]);
    expect(data[0]!.form).toMatchObject({ id: 'contact', domId: 'contact-block-1' });
    expect(Array.isArray(data[0]!.form.fields)).toBe(true);
    expect(data[1]).toBeNull();
    expect(data[2]!.form).toMatchObject({ id: 'newsletter', newsletter: true, domId: 'newsletter-block-2' });
    // A form that is not a newsletter form: the site's newsletter form instead.
    expect(data[3]!.form).toMatchObject({ id: 'newsletter', domId: 'newsletter-block-3' });
  });

  it('gives a gallery block its pictures as library images with the options per variant', async () => {
    const { data } = await read([
      {
        kind: 'gallery',
        variant: 1000,
        settings: {
          images: [
            { image: 'assets/gallery/kiln.svg', alt: 'The kiln', title: 'Kiln', caption: 'Hot <b>today</b>' },
            { image: 'assets/missing.png' },
            { image: 'assets/shop/mug.svg' },
          ],
          options: { autoplay: true, padding: 99 },
        },
      },
      { kind: 'gallery', settings: { images: [{ image: 'assets/missing.png' }] } },
    ]);
    const g = data[0]!;
    expect(Object.keys(g).sort()).toEqual(['carousel', 'grid', 'slideshow', 'stack']);
    expect(g.grid.collection.galleryOptions).toMatchObject({ design: 'grid', autoplay: true, padding: 20 });
    expect(g.slideshow.collection.galleryOptions.design).toBe('slideshow');
    expect(g.carousel.collection.galleryOptions.design).toBe('slider');
    expect(g.stack.collection.galleryOptions.design).toBe('stacked');
    expect(g.grid.items).toHaveLength(2);
    expect(g.grid.items[0]).toMatchObject({ title: 'Kiln', excerpt: '<p>Hot &lt;b&gt;today&lt;/b&gt;</p>' });
    expect(g.grid.items[0].mainImage).toMatchObject({ altText: 'The kiln', filename: 'kiln.svg' });
    expect(g.grid.items[0].fullUrl).toMatch(/^\/assets\/gallery\/kiln\.svg/);
    expect(data[1]).toBeNull();
  });

  it('gives video and audio blocks their player, and nothing for a file of the other kind', async () => {
    const website = await site.store.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    const asset = (id: string, path: string, type: string) => ({
      id,
      website_id: website.id,
      path,
      content_type: type,
      size: 10,
      sha256: id.padEnd(64, '0'),
      width: null,
      height: null,
      blob_key: `test/${id}`,
      color_data: null,
      placeholder: null,
      processed_on: null,
      media_error: null,
      display_name: null,
      focal_x: null,
      focal_y: null,
      duration_ms: 61_000,
      poster_asset_id: null,
      embed: null,
    });
    await site.store.db
      .insertInto('assets')
      .values([asset('a-video', 'assets/uploads/talk.webm', 'video/webm'), asset('a-audio', 'assets/uploads/notes.mp3', 'audio/mpeg')])
      .execute();
    await bumpVersion();
    const { data } = await read([
      { kind: 'video', settings: { video: 'assets/uploads/talk.webm', caption: 'The talk' } },
      { kind: 'audio', settings: { audio: 'assets/uploads/notes.mp3', title: 'Roast notes', author: 'Ana' } },
      { kind: 'video', settings: { video: 'assets/uploads/notes.mp3' } },
      { kind: 'audio', settings: { audio: 'assets/uploads/talk.webm' } },
      { kind: 'video', settings: { video: '' } },
    ]);
    expect(data[0]).toMatchObject({ kind: 'video', title: 'The talk', caption: 'The talk', embedded: false, inline: false, duration: '1:01' });
    expect(data[0]!.oembed.html).toContain('<video controls');
    expect(data[1]).toMatchObject({ kind: 'audio', title: 'Roast notes', author: 'Ana', inline: true });
    expect(data[1]!.oembed.html).toContain('<audio controls preload="metadata"><source src="/assets/uploads/notes.mp3');
    expect(data.slice(2)).toEqual([null, null, null]);
  });

  it('gives a map block a static map with the site tile source, its host in the page policy, else an address card', async () => {
    const located = {
      kind: 'map',
      settings: {
        zoom: 15,
        address: { addressTitle: 'Roastery', addressLine1: '1 Warren St', addressCountry: 'United States', mapLat: 42.2529, mapLng: -73.7909 },
      },
    };
    const card = await read([located, { kind: 'map', settings: { address: {} } }]);
    expect(card.data[0]).toMatchObject({
      map: null,
      label: 'Roastery',
      searchUrl: 'https://www.openstreetmap.org/search?query=Roastery%2C%201%20Warren%20St%2C%20United%20States',
    });
    expect(card.data[0]!.address.lines).toEqual(['1 Warren St', 'United States']);
    expect(card.data[1]).toBeNull();

    await setSettings((s) => {
      s.mapTiles = { url: 'http://tiles.test:8080/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' };
    });
    const { data } = await read([located]);
    const map = data[0]!.map;
    expect(map.attribution).toBe('© OpenStreetMap contributors');
    expect(map.tiles).toHaveLength(15);
    // Zoom 15 puts Hudson in tile x 9667, y 12133 (the usual web-map tiling): the middle tile of the 5 by 3 laid out.
    expect(map.tiles[7]).toEqual({ url: 'http://tiles.test:8080/15/9667/12133.png', left: 512, top: 256 });
    expect(map.pointX).toBeGreaterThanOrEqual(512);
    expect(map.pointX).toBeLessThan(768);
    expect(map.pointY).toBeGreaterThanOrEqual(256);
    expect(map.pointY).toBeLessThan(512);
    // A place without coordinates still shows as a card.
    const unlocated = await read([{ kind: 'map', settings: { address: { addressLine1: '1 Warren St' } } }]);
    expect(unlocated.data[0]!.map).toBeNull();

    const page = await site.app.inject({ method: 'GET', url: '/__layout-data', query: { blocks: JSON.stringify([located]), render: '1' } });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob: https: http:\/\/tiles\.test:8080;/);
    const plain = await site.app.inject({ method: 'GET', url: '/__layout-data', query: { blocks: JSON.stringify([{ kind: 'text' }]), render: '1' } });
    expect(String(plain.headers['content-security-policy'])).not.toContain('tiles.test');

    // A source without its attribution, or without {x}, is no source.
    await setSettings((s) => {
      s.mapTiles = { url: 'https://tiles.test/{z}/{y}.png', attribution: 'x' };
    });
    expect((await read([located])).data[0]!.map).toBeNull();
  });
});
