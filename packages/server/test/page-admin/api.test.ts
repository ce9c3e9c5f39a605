import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteDirectoryError, exportSite, importSite } from '../../src/site-dir/index.js';
import { DIALECTS } from '../helpers/store.js';
import { Visitor } from '../commerce/helpers.js';
import { PAGES, pagesSite, refs, titles, type PagesSite, type StaffName, type TestNode } from './helpers.js';

describe.each(DIALECTS)('the owner API for pages and navigation on %s', (dialect) => {
  let site: PagesSite;
  beforeAll(async () => {
    site = await pagesSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });
  const admin = () => site.staff.admin;
  const tree = async () => (await admin().request('GET', PAGES)).json as { revision: string; main: TestNode[]; footer: TestNode[]; notLinked: TestNode[] };
  const create = (body: Record<string, unknown>, as: StaffName = 'admin') => site.staff[as].request('POST', PAGES, body);

  it('lists the tree with its revision; a new page is a draft with an empty layout and a slug from its title', async () => {
    const before = await tree();
    expect(before.revision).toEqual(expect.any(String));
    expect(titles(before.main)).toEqual(['Shop']);
    expect(before.main[0]).toMatchObject({ key: expect.stringMatching(/^c-/), kind: 'collection', typeName: 'products', isHome: true, hidden: false });
    const res = await create({ kind: 'page', title: 'Our Workshops!', in: 'main' });
    expect(res.status).toBe(201);
    expect(res.json.node).toMatchObject({
      kind: 'page',
      title: 'Our Workshops!',
      urlId: 'our-workshops',
      url: '/our-workshops',
      status: 'draft',
      statusLabel: 'Draft',
      hidden: false,
    });
    const item = await site.store.db.selectFrom('items').selectAll().where('id', '=', res.json.node.itemId).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ status: 'draft', url_id: 'our-workshops' });
    expect(JSON.parse(item.data)).toEqual({ sections: [] });
    // The same title again gets a slug of its own.
    const again = await create({ kind: 'page', title: 'Our workshops', in: 'notLinked' });
    expect(again.json.node.urlId).toBe('our-workshops-2');
    const after = await tree();
    expect(titles(after.main)).toEqual(['Shop', 'Our Workshops!']);
    expect(titles(after.notLinked)).toEqual(['Our workshops']);
    expect(after.revision).not.toBe(before.revision);
  });

  it('adds a folder with its behaviour, a page inside it, a link, a blog and an events list', async () => {
    const folder = await create({ kind: 'folder', title: 'About', folderBehavior: 2, in: 'main' });
    expect(folder.status).toBe(201);
    expect(folder.json.node).toMatchObject({ kind: 'folder', folderBehavior: 2, children: [] });
    const inside = await create({ kind: 'page', title: 'Team', in: 'main', parent: folder.json.node.key });
    expect(inside.status).toBe(201);
    const link = await create({ kind: 'link', title: 'Docs', url: 'https://docs.example.com', in: 'footer' });
    expect(link.json.node).toMatchObject({ kind: 'link', url: 'https://docs.example.com', key: expect.stringMatching(/^l-/) });
    expect((await create({ kind: 'blog', title: 'Journal', in: 'main' })).json.node).toMatchObject({ kind: 'collection', typeName: 'blog' });
    expect((await create({ kind: 'events', title: 'Events', urlId: 'whats-on', in: 'footer' })).json.node).toMatchObject({
      typeName: 'events',
      urlId: 'whats-on',
    });
    const t = await tree();
    expect(titles(t.main)).toEqual(['Shop', 'Our Workshops!', { About: ['Team'] }, 'Journal']);
    expect(titles(t.footer)).toEqual(['Docs', 'Events']);
    const team = await site.store.db.selectFrom('collections').select(['parent_id']).where('url_id', '=', 'team').executeTakeFirstOrThrow();
    expect(team.parent_id).toBe(folder.json.node.collectionId);
    // Folders do not nest; a link needs a link.
    expect((await create({ kind: 'folder', title: 'Deeper', in: 'main', parent: folder.json.node.key })).json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { parent: 'A folder cannot be put inside another folder.' },
    });
    expect((await create({ kind: 'link', title: 'Bad', url: 'javascript:alert(1)', in: 'main' })).json.errors).toEqual({
      url: 'Links must be formatted as https://example.com or /about',
    });
  });

  it('refuses bad and reserved slugs with the spec message, and a clash with another page', async () => {
    for (const urlId of ['cart', 'config', 'api', 'Config', 'has space', 'a/b']) {
      const res = await create({ kind: 'page', title: 'Clash', urlId, in: 'main' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { urlId: `${urlId} is not a valid page URL` } });
    }
    expect((await create({ kind: 'page', title: 'Clash', urlId: 'shop', in: 'main' })).json.errors).toEqual({
      urlId: 'Another page already has the URL /shop.',
    });
    const key = (await tree()).main[1]!.key;
    const patch = (body: unknown) => admin().request('PATCH', `${PAGES}/${key}/settings`, body);
    expect((await patch({ urlId: 'checkout' })).json.errors).toEqual({ urlId: 'checkout is not a valid page URL' });
    expect((await patch({ urlId: 'SHOP' })).json.errors).toEqual({ urlId: 'Another page already has the URL /SHOP.' });
    expect((await patch({ urlId: 'workshops' })).json).toMatchObject({ urlId: 'workshops', url: '/workshops' });
    expect((await tree()).main[1]).toMatchObject({ urlId: 'workshops', title: 'Our Workshops!' });
  });

  it('saves settings: title in the navigation, SEO fields, a library image, access with a hashed password, the home page', async () => {
    const t = await tree();
    const key = t.main[1]!.key;
    const url = `${PAGES}/${key}/settings`;
    expect((await admin().request('PATCH', url, { socialImage: 'assets/nothing.png' })).json.errors).toEqual({
      socialImage: 'Choose an image of the media library.',
    });
    expect((await admin().request('PATCH', url, { access: 'password' })).json.errors).toEqual({ password: 'Enter a password for this page.' });
    const saved = await admin().request('PATCH', url, {
      title: 'Workshops',
      seoTitle: 'Pottery workshops',
      seoDescription: 'Learn to throw a mug.',
      access: 'password',
      password: 'clay for all',
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ title: 'Workshops', seoTitle: 'Pottery workshops', access: 'password', hasPassword: true });
    expect(JSON.stringify(saved.json)).not.toContain('clay for all');
    expect(JSON.stringify(saved.json)).not.toContain('scrypt');
    const row = await site.store.db.selectFrom('collections').select(['data', 'title']).where('id', '=', key.slice(2)).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ seoTitle: 'Pottery workshops', passwordHash: expect.stringMatching(/^scrypt\$/) });
    expect((await tree()).main[1]!.title).toBe('Workshops');
    expect((await admin().request('GET', url)).json).toMatchObject({ access: 'password', hasPassword: true, seoDescription: 'Learn to throw a mug.' });
    expect((await admin().request('PATCH', url, { access: 'public' })).json).toMatchObject({ access: 'public', hasPassword: false });
    expect((await admin().request('PATCH', url, { isHome: true })).json.isHome).toBe(true);
    const home = (await tree()).main;
    expect(home.filter((n) => (n as { isHome?: boolean }).isHome).map((n) => n.title)).toEqual(['Workshops']);
    expect((await admin().request('PATCH', `${PAGES}/${home[0]!.key}/settings`, { isHome: true })).status).toBe(200);
  });

  it('reorders, moves into folders and hides in one PUT with the revision; a stale revision is 409', async () => {
    const t = await tree();
    const [shop, workshops, about, journal] = t.main as [TestNode, TestNode, TestNode, TestNode];
    const body = {
      revision: t.revision,
      main: [{ key: journal.key }, { key: about.key, children: [...refs(about.children!), { key: workshops.key }] }, { key: shop.key, hidden: true }],
      footer: refs(t.footer),
      notLinked: refs(t.notLinked),
    };
    const res = await admin().request('PUT', `${PAGES}/navigation`, body);
    expect(res.status).toBe(200);
    expect(titles(res.json.main)).toEqual(['Journal', { About: ['Team', 'Workshops'] }, 'Shop']);
    expect(res.json.main[2].hidden).toBe(true);
    const moved = await site.store.db.selectFrom('collections').select('parent_id').where('id', '=', workshops.key.slice(2)).executeTakeFirstOrThrow();
    expect(moved.parent_id).toBe(about.key.slice(2));
    const stale = await admin().request('PUT', `${PAGES}/navigation`, body);
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('NAVIGATION_CONFLICT');
    // Links may not go missing, folders may not nest, keys must exist.
    const now = await tree();
    const bad = await admin().request('PUT', `${PAGES}/navigation`, {
      revision: now.revision,
      main: [...refs(now.main), { key: 'c-nothing' }],
      footer: [],
      notLinked: refs(now.notLinked),
    });
    expect(bad.status).toBe(400);
    expect(Object.values(bad.json.errors)).toEqual(
      expect.arrayContaining(['This page no longer exists: reload the pages.', '"Docs" is missing from the tree: delete it instead.']),
    );
  });

  it('deletes a link, an empty folder and a page, never the home page or a folder with pages', async () => {
    const t = await tree();
    const about = t.main.find((n) => n.title === 'About')!;
    expect((await admin().request('DELETE', `${PAGES}/${about.key}`)).json.code).toBe('FOLDER_NOT_EMPTY');
    const home = [...t.main, ...t.notLinked].find((n) => (n as { isHome?: boolean }).isHome)!;
    expect((await admin().request('DELETE', `${PAGES}/${home.key}`)).json.code).toBe('HOME_PAGE_NOT_DELETABLE');
    const docs = t.footer.find((n) => n.title === 'Docs')!;
    expect((await admin().request('DELETE', `${PAGES}/${docs.key}`)).status).toBe(204);
    const team = about.children!.find((n) => n.title === 'Team')!;
    expect((await admin().request('DELETE', `${PAGES}/${team.key}`)).status).toBe(204);
    expect(await site.store.db.selectFrom('items').select('id').where('id', '=', team.itemId!).executeTakeFirst()).toBeUndefined();
    const after = await tree();
    expect(titles(after.footer)).toEqual(['Events']);
    expect(titles(after.main)).toContainEqual({ About: ['Workshops'] });
    expect((await admin().request('DELETE', `${PAGES}/${team.key}`)).status).toBe(404);
  });

  it('keeps the tree, hidden entries, link ids and SEO settings through tessera export and import', async () => {
    const key = (await tree()).main.find((n) => n.title === 'Journal')!.key;
    await admin().request('PATCH', `${PAGES}/${key}/settings`, { seoTitle: 'The journal' });
    const before = await tree();
    const dir = await mkdtemp(join(tmpdir(), 'tessera-pages-'));
    try {
      await exportSite(site.store, dir, { force: true });
      const nav = JSON.parse(await readFile(join(dir, 'navigation.json'), 'utf8'));
      expect(Object.keys(nav).sort()).toEqual(['footer', 'main', 'notLinked']);
      expect(JSON.parse(await readFile(join(dir, 'collections', 'journal.json'), 'utf8')).seoTitle).toBe('The journal');
      await importSite(site.store, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const after = await tree();
    const shape = (nodes: TestNode[]): unknown[] =>
      nodes.map((n) => ({
        title: n.title,
        kind: n.kind,
        hidden: n.hidden,
        ...(n.kind === 'link' ? { key: n.key } : {}),
        ...(n.children ? { children: shape(n.children) } : {}),
      }));
    for (const list of ['main', 'footer', 'notLinked'] as const) expect(shape(after[list])).toEqual(shape(before[list]));
    expect(after.main.some((n) => n.hidden)).toBe(true);
  });

  it('refuses a navigation.json whose entry ids are malformed or whose items hang on a collection that is not a folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tessera-bad-nav-'));
    try {
      await exportSite(site.store, dir, { force: true });
      const nav = JSON.parse(await readFile(join(dir, 'navigation.json'), 'utf8'));
      nav.main.push({ id: 'no spaces', title: 'Bad', url: '/shop' }, { title: 'Shop folder', collection: 'shop', items: [] });
      await writeFile(join(dir, 'navigation.json'), JSON.stringify(nav));
      const failure = await importSite(site.store, dir).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(SiteDirectoryError);
      const messages = (failure as SiteDirectoryError).issues.map((i) => `${i.path}: ${i.message}`);
      expect(messages).toContain(`main[${nav.main.length - 2}].id: may hold only letters, digits, "-" and "_"`);
      expect(messages).toContain(`main[${nav.main.length - 1}].collection: "shop" is not a folder: only a folder's entry holds items`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each(['editor', 'website-manager'] as const)('lets %s read and change the pages', async (name) => {
    expect((await site.staff[name].request('GET', PAGES)).status).toBe(200);
    const res = await create({ kind: 'link', title: `Link of ${name}`, url: '/shop', in: 'footer' }, name);
    expect(res.status).toBe(201);
    expect((await site.staff[name].request('GET', `${PAGES}/${res.json.node.key}/settings`)).json).toMatchObject({ kind: 'link', url: '/shop' });
  });

  it.each(['store-manager', 'viewer'] as const)('refuses %s with 403 and changes nothing', async (name) => {
    const before = await tree();
    expect((await site.staff[name].request('GET', PAGES)).json.code).toBe('PERMISSION_DENIED');
    expect((await create({ kind: 'page', title: 'Nope', in: 'main' }, name)).status).toBe(403);
    expect((await site.staff[name].request('PUT', `${PAGES}/navigation`, { ...before, main: [] })).status).toBe(403);
    expect((await site.staff[name].request('PATCH', `${PAGES}/${before.main[0]!.key}/settings`, { title: 'x' })).status).toBe(403);
    expect((await site.staff[name].request('DELETE', `${PAGES}/${before.main[0]!.key}`)).status).toBe(403);
    expect((await tree()).revision).toBe(before.revision);
  });

  it('answers 401 to someone not signed in and 403 CRUMB_FAIL to a write without the crumb', async () => {
    const nobody = new Visitor(site.app);
    expect((await nobody.request('GET', PAGES)).json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    expect((await nobody.request('POST', PAGES, { kind: 'page', title: 'x', in: 'main' })).status).toBe(401);
    const before = await tree();
    const noCrumb = await admin().request('POST', PAGES, { kind: 'page', title: 'No crumb', in: 'main' }, { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    const del = await admin().request('DELETE', `${PAGES}/${before.main[0]!.key}`, undefined, { 'x-csrf-token': '' });
    expect(del.status).toBe(403);
    expect((await tree()).revision).toBe(before.revision);
  });
});
