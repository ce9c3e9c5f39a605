import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { WEBSITE_ID } from '../commerce/helpers.js';
import { PAGES, pagesSite, refs, type PagesSite, type TestNode } from './helpers.js';

const MINUTE = 60_000;

/**
 * What visitors see of pages that are not published: never in the navigation (main, footer,
 * folders), search, the page or its JSON, until the page is published or its time comes.
 */
describe.each(DIALECTS)('pages visitors may not see yet on %s', (dialect) => {
  let site: PagesSite;
  let page: TestNode;
  let inFolder: TestNode;
  let folder: TestNode;
  beforeAll(async () => {
    site = await pagesSite(dialect);
    const admin = site.staff.admin;
    page = (await admin.request('POST', PAGES, { kind: 'page', title: 'Workshops', in: 'main' })).json.node;
    await admin.request('POST', PAGES, { kind: 'page', title: 'Workshops', urlId: 'workshops-footer', in: 'footer' });
    folder = (await admin.request('POST', PAGES, { kind: 'folder', title: 'About', in: 'main' })).json.node;
    inFolder = (await admin.request('POST', PAGES, { kind: 'page', title: 'Team', in: 'main', parent: folder.key })).json.node;
    // What publishing writes (the page's content and its status), and the new site version it makes.
    await site.store.db.updateTable('items').set({ body: '<p>Throw a mug on the kiln day.</p>' }).where('id', '=', page.itemId!).execute();
  });
  afterAll(async () => {
    await site?.close();
  });

  const publication = async (itemId: string, status: string, publishOn: number | null) => {
    await site.store.db.updateTable('items').set({ status, publish_on: publishOn }).where('id', '=', itemId).execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', WEBSITE_ID)
      .execute();
  };
  const json = async (url: string) => {
    const res = await site.visitor.request('GET', `${url}${url.includes('?') ? '&' : '?'}format=json`);
    return { status: res.status, json: res.json };
  };
  const navTitles = async () => {
    const { json: context } = await json('/');
    const flat = (links: { title: string; items: unknown[] }[]): unknown[] =>
      links.map((l) => (l.items.length > 0 ? { [l.title]: flat(l.items as never) } : l.title));
    return { main: flat(context.navigation.main), footer: flat(context.navigation.footer), lists: Object.keys(context.navigation).sort() };
  };
  const folderTitles = async () => ((await json(`/${folder.urlId}`)).json.items as { title: string }[]).map((i) => i.title);
  const searchTitles = async () => ((await json('/search?q=kiln')).json.items as { title: string }[]).map((i) => i.title);

  it('leaves draft pages, and a folder left empty, out of every path', async () => {
    expect(await navTitles()).toEqual({ main: ['Shop'], footer: [], lists: ['footer', 'main'] });
    expect((await json('/workshops')).status).toBe(404);
    expect((await site.visitor.request('GET', '/workshops')).status).toBe(404);
    expect(await searchTitles()).toEqual([]);
    // The folder's own index page does not list the draft page either.
    expect(await folderTitles()).toEqual([]);
  });

  it.each([
    ['needs-review', null],
    ['private', null],
    ['scheduled', 'later'],
  ])('keeps a %s page out', async (status, when) => {
    await publication(page.itemId!, status, when ? site.clock.now + 10 * MINUTE : null);
    expect((await navTitles()).main).toEqual(['Shop']);
    expect((await json('/workshops')).status).toBe(404);
    expect(await searchTitles()).toEqual([]);
  });

  it('shows a scheduled page everywhere once its time has passed (the test clock moves on)', async () => {
    site.clock.advance(11 * MINUTE);
    expect((await navTitles()).main).toEqual(['Shop', 'Workshops']);
    expect((await json('/workshops')).status).toBe(200);
    expect((await site.visitor.request('GET', '/workshops?v=1')).status).toBe(200);
    expect(await searchTitles()).toEqual(['Workshops']);
  });

  it('shows a published page in its folder, and leaves hidden entries out of the navigation only', async () => {
    await publication(inFolder.itemId!, 'published', null);
    expect((await navTitles()).main).toEqual(['Shop', 'Workshops', { About: ['Team'] }]);
    expect(await folderTitles()).toEqual(['Team']);
    const admin = site.staff.admin;
    const t = (await admin.request('GET', PAGES)).json;
    const main = refs(t.main).map((r) => (r.key === page.key ? { ...r, hidden: true } : r));
    expect(
      (await admin.request('PUT', `${PAGES}/navigation`, { revision: t.revision, main, footer: refs(t.footer), notLinked: refs(t.notLinked) })).status,
    ).toBe(200);
    expect((await navTitles()).main).toEqual(['Shop', { About: ['Team'] }]);
    // Hidden from the menu, the page still answers at its URL.
    expect((await json('/workshops')).status).toBe(200);
  });

  it("gives a page's SEO title, description and sharing image to its context, where the theme's head reads them", async () => {
    const admin = site.staff.admin;
    const saved = await admin.request('PATCH', `${PAGES}/${page.key}/settings`, {
      seoTitle: 'Pottery workshops',
      seoDescription: 'Learn to throw a mug.',
      socialImage: 'assets/shop/mug.svg',
    });
    expect(saved.status).toBe(200);
    const { json: context } = await json('/workshops');
    const image = { assetUrl: expect.stringContaining('mug.svg') };
    expect(context.collection).toMatchObject({ seoTitle: 'Pottery workshops', seoDescription: 'Learn to throw a mug.', socialImage: image });
    expect(context.item).toMatchObject({ seoTitle: 'Pottery workshops', seoDescription: 'Learn to throw a mug.', socialImage: image });
  });
});
