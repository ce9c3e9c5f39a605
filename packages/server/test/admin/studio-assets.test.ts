import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, type TestSite } from '../helpers/app.js';

describe("the studio's build, served under /config/", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp('sqlite');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('links the one entry from the manifest on an owner page and serves it with a year of cache', async () => {
    const login = await site.app.inject({ method: 'GET', url: '/config/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<script type="module" src="/config/assets/main-Sx1x2x3x.js"></script>');
    expect(login.body).toContain('<div id="tessera-studio"></div>');
    const script = await site.app.inject({ method: 'GET', url: '/config/assets/main-Sx1x2x3x.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Anything else there is the owner's area: behind the sign-in.
    const missing = await site.app.inject({ method: 'GET', url: '/config/elsewhere' });
    expect(missing.statusCode).toBe(302);
  });
});
