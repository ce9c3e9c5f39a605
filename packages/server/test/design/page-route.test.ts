import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { DIALECTS } from '../helpers/store.js';
import { signInStaff, studioContextOf } from '../helpers/staff-sessions.js';

const CRUMB = 'design-page-test-crumb-01';
// Admin and website manager edit the site's styles; an editor writes content but not styles.
const PEOPLE = { admin: WebsiteRole.ADMIN, manager: WebsiteRole.WEBSITE_MANAGER, editor: WebsiteRole.EDITOR } as const;
type Who = keyof typeof PEOPLE;

describe.each(DIALECTS)("the studio's design page route on %s", (dialect) => {
  let site: TestSite;
  let sessions = new Map<string, string>();
  const open = (who: Who | null) =>
    site.app.inject({ method: 'GET', url: '/config/design', headers: { cookie: `crumb=${CRUMB}${who ? `; tessera_owner=${sessions.get(who)}` : ''}` } });
  const contextOf = studioContextOf;

  beforeAll(async () => {
    site = await fixtureApp(dialect);
    sessions = await signInStaff(site, PEOPLE, CRUMB);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('serves the design page to the admin and the website manager, whose permissions name editStyles', async () => {
    for (const who of ['admin', 'manager'] as const) {
      const res = await open(who);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(contextOf(res.body)).toMatchObject({ page: 'design', email: `${who}@shop.test` });
      expect(contextOf(res.body).permissions).toContain('editStyles');
      expect(contextOf(res.body)).toHaveProperty('previewScript');
    }
  });

  it('sends an editor, and anyone not signed in, to the sign-in page and back', async () => {
    for (const who of ['editor', null] as const) {
      const res = await open(who);
      expect(res.statusCode, String(who)).toBe(302);
      expect(res.headers.location).toBe('/config/login?next=%2Fconfig%2Fdesign');
    }
  });
});
