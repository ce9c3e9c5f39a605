import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteId } from '../analytics/helpers.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { createTestOwner } from '../helpers/passwords.js';
import { DIALECTS } from '../helpers/store.js';

const CRUMB = 'design-page-test-crumb-01';
const PASSWORD = 'a staff password 1';
// Admin and website manager edit the site's styles; an editor writes content but not styles.
const PEOPLE = { admin: WebsiteRole.ADMIN, manager: WebsiteRole.WEBSITE_MANAGER, editor: WebsiteRole.EDITOR } as const;
type Who = keyof typeof PEOPLE;

describe.each(DIALECTS)("the studio's design page route on %s", (dialect) => {
  let site: TestSite;
  const sessions = new Map<string, string>();
  const open = (who: Who | null) =>
    site.app.inject({ method: 'GET', url: '/config/design', headers: { cookie: `crumb=${CRUMB}${who ? `; tessera_owner=${sessions.get(who)}` : ''}` } });
  const contextOf = (body: string) => JSON.parse(/<script type="application\/json" id="tessera-studio-context">(.*?)<\/script>/s.exec(body)![1]!);

  beforeAll(async () => {
    site = await fixtureApp(dialect);
    const id = await websiteId(site.store);
    for (const [name, role] of Object.entries(PEOPLE)) {
      await createTestOwner(site.store.db, id, `${name}@shop.test`, PASSWORD, role);
      const res = await site.app.inject({
        method: 'POST',
        url: '/api/owner/session',
        headers: { 'content-type': 'application/json', cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB },
        payload: JSON.stringify({ email: `${name}@shop.test`, password: PASSWORD }),
      });
      expect(res.statusCode).toBe(200);
      sessions.set(name, res.cookies.find((c) => c.name === 'tessera_owner')!.value);
    }
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
