import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { DIALECTS } from '../helpers/store.js';
import { signInStaff, studioContextOf } from '../helpers/staff-sessions.js';

const CRUMB = 'page-editor-test-crumb-01';
// Admin and editor write content; a store manager has none of it.
const PEOPLE = { admin: WebsiteRole.ADMIN, editor: WebsiteRole.EDITOR, shop: WebsiteRole.STORE_MANAGER } as const;
type Who = keyof typeof PEOPLE;

describe.each(DIALECTS)("the studio's page editor route on %s", (dialect) => {
  let site: TestSite;
  let sessions = new Map<string, string>();
  const open = (who: Who | null, url: string) =>
    site.app.inject({ method: 'GET', url, headers: { cookie: `crumb=${CRUMB}${who ? `; tessera_owner=${sessions.get(who)}` : ''}` } });
  const contextOf = studioContextOf;

  beforeAll(async () => {
    site = await fixtureApp(dialect);
    sessions = await signInStaff(site, PEOPLE, CRUMB);
  });
  afterAll(async () => {
    await site?.close();
  });

  it("serves the editor to each role that edits content, with the item's id and the site's time zone", async () => {
    for (const who of ['admin', 'editor'] as const) {
      const res = await open(who, '/config/pages/item-42/edit');
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(contextOf(res.body)).toMatchObject({ page: 'page-editor', itemId: 'item-42', timeZone: 'America/New_York', email: `${who}@shop.test` });
      expect(contextOf(res.body).permissions).toContain('editContent');
    }
  });

  it('sends an account without content editing, and anyone not signed in, to the sign-in page and back', async () => {
    for (const who of ['shop', null] as const) {
      const res = await open(who, '/config/pages/item-42/edit');
      expect(res.statusCode, String(who)).toBe(302);
      expect(res.headers.location).toBe('/config/login?next=%2Fconfig%2Fpages%2Fitem-42%2Fedit');
    }
  });
});
