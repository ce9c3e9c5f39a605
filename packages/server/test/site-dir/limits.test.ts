import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSiteDirectory } from '../../src/site-dir/read.js';
import { SiteDirectoryError } from '../../src/site-dir/checker.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

type Files = Record<string, unknown>;

async function siteDir(files: Files): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-limits-'));
  dirs.push(dir);
  const all: Files = { 'site.json': { identifier: 'limits', siteTitle: 'Limits' }, ...files };
  for (const [name, content] of Object.entries(all)) {
    const file = path.join(dir, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

async function problems(files: Files): Promise<string[]> {
  try {
    await readSiteDirectory(await siteDir(files));
    return [];
  } catch (error) {
    if (!(error instanceof SiteDirectoryError)) throw error;
    return error.issues.map((i) => `${i.file}${i.path ? ` ${i.path}` : ''}: ${i.message}`);
  }
}

const item = (i: number, extra: object = {}) => ({ urlId: `i${i}`, title: `Item ${i}`, ...extra });
const product = (i: number) => item(i, { product: { productType: 1, variants: [{ sku: `S${i}`, priceCents: 100, stock: 1 }] } });
const collection = (urlId: string, type: string, items: object[]) => ({ [`collections/${urlId}.json`]: { urlId, title: urlId, type, items } });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('content limits, checked on import with a message naming the limit', () => {
  it('200 products in a collection', async () => {
    expect(await problems(collection('shop', 'products', range(200).map(product)))).toEqual([]);
    expect(await problems(collection('shop', 'products', range(201).map(product)))).toEqual([
      'collections/shop.json items: A collection holds at most 200 products; this one has 201.',
    ]);
  });

  it('250 items in a user-orderable collection', async () => {
    expect(
      await problems(
        collection(
          'lessons',
          'lessons',
          range(250).map((i) => item(i)),
        ),
      ),
    ).toEqual([]);
    expect(
      await problems(
        collection(
          'lessons',
          'lessons',
          range(251).map((i) => item(i)),
        ),
      ),
    ).toEqual(['collections/lessons.json items: A collection in custom order holds at most 250 items; this one has 251.']);
    // Blog posts are ordered by date, not by hand: the limit does not apply.
    expect(
      await problems(
        collection(
          'blog',
          'blog',
          range(251).map((i) => item(i)),
        ),
      ),
    ).toEqual([]);
  });

  it('60 blocks per layout (counted across its sections) and 60 tracks per album; a list of blocks without sections is refused', async () => {
    const text = () => ({ kind: 'text', settings: { html: '<p>x</p>' } });
    const sections = (n: number) => [{ blocks: range(30).map(text) }, { blocks: range(n - 30).map(text) }];
    expect(await problems(collection('p', 'page', [item(1, { sections: sections(60) })]))).toEqual([]);
    expect(await problems(collection('p', 'page', [item(1, { sections: sections(61) })]))).toEqual([
      'collections/p.json items[0].sections: A layout holds at most 60 blocks; this one has 61.',
    ]);
    expect(await problems(collection('p', 'page', [item(1, { blocks: [text()] })]))).toEqual([
      'collections/p.json items[0].blocks: is replaced by "sections", a list of sections holding blocks (docs/site-format.md "Page layouts")',
    ]);
    const tracks = (n: number) => range(n).map((i) => ({ title: `Track ${i}` }));
    expect(await problems(collection('music', 'blog', [item(1, { tracks: tracks(60) })]))).toEqual([]);
    expect(await problems(collection('music', 'blog', [item(1, { tracks: tracks(61) })]))).toEqual([
      'collections/music.json items[0].tracks: An album holds at most 60 tracks; this one has 61.',
    ]);
  });

  it('20 galleries of 50 images', async () => {
    const galleries = (n: number) => Object.assign({}, ...range(n).map((g) => collection(`g${g}`, 'gallery', [item(1)])));
    expect(await problems(galleries(20))).toEqual([]);
    expect(await problems(galleries(21))).toEqual(['collections: A site holds at most 20 photo-sharing galleries; this one has 21.']);
    expect(
      await problems(
        collection(
          'g',
          'gallery',
          range(50).map((i) => item(i)),
        ),
      ),
    ).toEqual([]);
    expect(
      await problems(
        collection(
          'g',
          'gallery',
          range(51).map((i) => item(i)),
        ),
      ),
    ).toEqual(['collections/g.json items: A photo-sharing gallery holds at most 50 images; gallery 1 has 51.']);
    const images = (n: number) => range(n).map((i) => ({ path: `https://img.example/${i}.jpg` }));
    expect(await problems(collection('g', 'gallery', [item(1, { images: images(51) })]))).toEqual([
      'collections/g.json items[0].images: A photo-sharing gallery holds at most 50 images; gallery 1 has 51.',
    ]);
  });

  it('10000 nested categories in a site', async () => {
    const posts = (n: number) =>
      range(Math.ceil(n / 100)).map((p) =>
        item(p, {
          categories: range(100)
            .map((c) => p * 100 + c)
            .filter((c) => c < n)
            .map((c) => `Cat ${c}`),
        }),
      );
    expect(await problems(collection('blog', 'blog', posts(10000)))).toEqual([]);
    expect(await problems(collection('blog', 'blog', posts(10001)))).toEqual([
      'collections: A site holds at most 10000 nested categories; this one has 10001.',
    ]);
  });

  it('tags of at most 50 and categories of at most 25 characters', async () => {
    expect(await problems(collection('blog', 'blog', [item(1, { tags: ['t'.repeat(50)], categories: ['c'.repeat(25)] })]))).toEqual([]);
    expect(await problems(collection('blog', 'blog', [item(1, { tags: ['t'.repeat(51)], categories: ['c'.repeat(26)] })]))).toEqual([
      `collections/blog.json items[0].tags: Tags are at most 50 characters: "${'t'.repeat(51)}" is too long.`,
      `collections/blog.json items[0].categories: Categories are at most 25 characters: "${'c'.repeat(26)}" is too long.`,
    ]);
  });
});

describe('site directory checks', () => {
  it('reports every bad field at once, with file and path', async () => {
    const found = await problems({
      'site.json': { identifier: 'Bad Id', currency: 'XYZ', timeZone: 'Mars/Olympus' },
      ...collection('api', 'products', [
        {
          urlId: 'a',
          title: 'A',
          status: 'hidden',
          publishOn: 'tomorrow',
          product: { productType: 2, isSubscribable: true, variants: [{ sku: 'A1', priceCents: -1 }] },
        },
        { urlId: 'b', title: 'B', status: 'scheduled', product: { productType: 9, variants: [] } },
      ]),
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'site.json identifier: "Bad Id" may hold only lowercase letters, digits and "-"',
        'site.json siteTitle: is required',
        expect.stringMatching(/^site\.json currency: "XYZ" is not a supported currency/),
        'site.json timeZone: "Mars/Olympus" is not an IANA time zone',
        'collections/api.json urlId: "api" is a path Tessera uses itself; choose another',
        'collections/api.json items[0].status: "hidden" is not one of published, scheduled, needs-review, draft, private',
        'collections/api.json items[0].publishOn: must be an ISO 8601 date such as "2025-03-01T09:00:00Z" (got "tomorrow")',
        'collections/api.json items[0].product.isSubscribable: only physical (1) and service (3) products can be sold as subscriptions',
        'collections/api.json items[0].product.subscriptionPlan: a subscribable product needs a subscription plan',
        'collections/api.json items[0].product.variants[0].priceCents: must be from 0 to 2000000000 (got -1)',
        'collections/api.json items[0].product.variants[0].stock: is required',
        'collections/api.json items[1].publishOn: a scheduled item needs the date it is published on',
        'collections/api.json items[1].product.productType: must be from 1 to 5 (got 9)',
        'collections/api.json items[1].product.variants: a product needs at least one variant',
      ]),
    );
  });

  it('checks references between files: assets, forms, SKUs, navigation, folders, home', async () => {
    const found = await problems({
      'navigation.json': {
        main: [
          { title: 'Gone', collection: 'nowhere' },
          { title: 'Both', url: 'https://x', collection: 'shop' },
        ],
      },
      ...collection('shop', 'products', [
        item(1, {
          mainImage: 'assets/missing.png',
          product: { productType: 1, additionalFieldsForm: 'nope', variants: [{ sku: 'DUP', priceCents: 1, stock: 1 }] },
        }),
        item(2, { product: { productType: 1, variants: [{ sku: 'DUP', priceCents: 1, stock: 1 }] } }),
      ]),
      'collections/home.json': { urlId: 'home', title: 'Home', type: 'page', isHome: true, items: [item(1)] },
      'collections/home2.json': { urlId: 'home2', title: 'Home 2', type: 'page', isHome: true, items: [] },
      'collections/folder.json': { urlId: 'folder', title: 'F', type: 'folder', children: ['shop', 'ghost'] },
      'collections/folder2.json': { urlId: 'folder2', title: 'F2', type: 'folder', children: ['shop', 'folder'] },
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'collections/shop items[0].mainImage: refers to "assets/missing.png", which is not a file of the site directory',
        'collections/shop items[0].product.additionalFieldsForm: no form "nope" in forms/',
        'collections/shop items[1].product.variants[0].sku: "DUP" is already the SKU of shop/i1; SKUs are unique in a site',
        'collections: home, home2 are all marked isHome; one collection at most is the home page',
        'collections/folder children[1]: no collection "ghost"',
        'collections/folder2 children[0]: "shop" is already in folder "folder"',
        'collections/folder2 children[1]: "folder" is a folder; folders do not nest',
        'navigation main[0].collection: no collection "nowhere"',
        'navigation.json main[1]: must have exactly one of "collection", "url" or "items"',
      ]),
    );
  });

  it('reads YAML as well as JSON and names a broken file', async () => {
    const dir = await siteDir({ 'collections/blog.yaml': 'urlId: blog\ntitle: Blog\ntype: blog\nitems:\n  - urlId: a\n    title: A\n' });
    const bundle = await readSiteDirectory(dir);
    expect(bundle.collections[0]!.items[0]!.title).toBe('A');
    expect(await problems({ 'collections/x.json': '{ nope' })).toEqual([expect.stringMatching(/^collections\/x\.json: is not valid JSON/)]);
    expect(await problems({ 'collections/x.yaml': 'a: [1' })).toEqual([expect.stringMatching(/^collections\/x\.yaml: is not valid YAML/)]);
  });
});
