import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { Visitor } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { FIXTURES } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';
import { API } from './helpers.js';

const REPO = path.resolve(FIXTURES, '..', '..', '..', '..');
const DEMO = path.join(REPO, 'sites', 'demo');
const WEBSITE = websiteIdOf('demo');
const demoItem = (urlId: string) => stableId(stableId(WEBSITE, 'collection', 'shop'), 'item', urlId);

/** The demo shop with the default theme: a product's SEO title and description in the page's head. */
describe("a product's SEO title and description in the default theme", () => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let owner: Visitor;
  beforeAll(async () => {
    store = await freshStore('sqlite');
    await importSite(store, DEMO);
    await createTestOwner(store.db, WEBSITE, 'owner@demo.test', 'an owner password 1', WebsiteRole.ADMIN);
    app = await buildApp(testConfig({ siteDir: DEMO, themesDir: path.join(REPO, 'themes') }), { store, passwordCost: QUICK_PASSWORD_COST });
    await app.ready();
    owner = new Visitor(app, 'localhost');
    expect((await owner.request('POST', '/api/owner/session', { email: 'owner@demo.test', password: 'an owner password 1' })).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  const head = async (url: string) => {
    const html = (await new Visitor(app, 'localhost').request('GET', url)).body;
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)">/.exec(html)?.[1],
      ogTitle: /<meta property="og:title" content="([^"]*)">/.exec(html)?.[1],
    };
  };

  it('titles the page and describes it by the SEO fields once set, by the title and excerpt before', async () => {
    const id = demoItem('pour-over-dripper');
    const before = await head('/shop/pour-over-dripper');
    expect(before.title).toBe('Ceramic Pour-Over Dripper · Tessera Supply Co.');
    expect(before.ogTitle).toBe('Ceramic Pour-Over Dripper');
    const opened = await owner.request('GET', `${API}/${id}`);
    const item = { ...opened.json.item, seoTitle: 'Pour-over dripper & filter cone', seoDescription: 'A ceramic "V" dripper.' };
    const saved = await owner.request('PUT', `${API}/${id}`, { collection: 'shop', item, revision: opened.json.revision });
    expect(saved.status, saved.body).toBe(200);
    expect(await head('/shop/pour-over-dripper')).toEqual({
      title: 'Pour-over dripper &amp; filter cone',
      description: 'A ceramic &quot;V&quot; dripper.',
      ogTitle: 'Pour-over dripper &amp; filter cone',
    });
  });
});
