import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_RECORDING_MOCK_ID } from '@tessera/core';
import { createTestOwner } from '../helpers/passwords.js';
import type { PlacesProvider } from '../../src/modules/places/plugin.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID, membersApp, updateSiteSettings, type MembersSite } from './helpers.js';

const DETAILS = '/api/google-maps/places/details?placeId=p1&trackingContext[productPage]=checkout&trackingContext[productSection]=shipping';

/** An address lookup double: the real services cannot be reached from the tests. */
function fakePlaces(calls: unknown[], fail = false): PlacesProvider {
  return {
    id: 'fake',
    async autocomplete(q) {
      calls.push(q);
      if (fail) throw new Error('down');
      return [{ placeId: 'p1', description: '1 Main St, Hudson, NY, USA', mainText: '1 Main St', secondaryText: 'Hudson, NY, USA' }];
    },
    async details(q) {
      calls.push(q);
      return q.placeId === 'p1'
        ? {
            placeId: 'p1',
            addressLine1: '1 Main St',
            addressLine2: '',
            city: 'Hudson',
            region: 'NY',
            postalCode: '12534',
            country: 'US',
            lat: 42.25,
            lng: -73.79,
          }
        : null;
    },
  };
}

describe.each(DIALECTS)("the site's smaller calls on %s", (dialect) => {
  let site: MembersSite;
  let withPlaces: MembersSite;
  const calls: unknown[] = [];
  beforeAll(async () => {
    site = await membersApp(dialect);
    withPlaces = await membersApp(dialect, { siteUsers: { places: fakePlaces(calls) } });
  });
  afterAll(async () => {
    await site?.close();
    await withPlaces?.close();
  });

  it('answers the header and footer, and the theme renders them', async () => {
    const b = new Browser(site.app);
    const got = await b.request('GET', '/api/site-header-footer');
    expect(got.json).toEqual({
      header: {
        announcement: 'Free shipping over $75',
        announcementUrl: '/shop',
        links: [],
        showSearch: true,
        showCart: true,
        showAccount: true,
        showLanguages: true,
      },
      footer: { text: 'Made in Hudson', links: [{ title: 'Shop', url: '/shop' }], showSocialLinks: true, showNewsletter: true },
    });
    const html = (await b.request('GET', '/journal')).body;
    expect(html).toContain('Free shipping over $75');
    expect(html).toContain('Made in Hudson');
  });

  it("replaces them for the site's owner only, checking what is sent", async () => {
    await createTestOwner(site.store.db, WEBSITE_ID, 'owner@members.test', 'owner password 1');
    const owner = new Browser(site.app);
    await owner.request('POST', '/api/owner/session', { email: 'owner@members.test', password: 'owner password 1' });
    const body = {
      header: { announcement: 'Winter sale', announcementUrl: '/shop', links: [{ title: 'Lessons', url: '/lessons' }], showSearch: false },
      footer: { text: 'Roasted <b>fresh</b>', links: [], showSocialLinks: false },
    };
    const anonymous = new Browser(site.app);
    expect((await anonymous.request('PUT', '/api/site-header-footer', body)).status).toBe(401);
    expect(
      (await owner.request('PUT', '/api/site-header-footer', { header: {}, footer: { links: [{ title: 'x', url: 'javascript:alert(1)' }] } })).status,
    ).toBe(400);
    expect((await owner.request('PUT', '/api/site-header-footer', { header: { unknown: 1 }, footer: {} })).status).toBe(400);
    expect((await owner.request('PUT', '/api/site-header-footer', { header: {} })).status).toBe(400);
    const put = await owner.request('PUT', '/api/site-header-footer', body);
    expect(put.status).toBe(200);
    expect(put.json.header).toMatchObject({ announcement: 'Winter sale', showSearch: false, showCart: true, links: [{ title: 'Lessons', url: '/lessons' }] });
    expect((await anonymous.request('GET', '/api/site-header-footer')).json).toEqual(put.json);
    const html = (await anonymous.request('GET', '/journal')).body;
    expect(html).toContain('Winter sale');
    expect(html).not.toContain('Free shipping over $75');
    // The footer's text is text: no markup gets through.
    expect(html).toContain('Roasted &lt;b&gt;fresh&lt;/b&gt;');
    expect(html).not.toContain('class="header-search"');
    // Stored with the site's settings: an export writes them back.
    const row = await site.store.db.selectFrom('site_settings').select('website_settings').where('website_id', '=', WEBSITE_ID).executeTakeFirstOrThrow();
    expect(JSON.parse(row.website_settings).headerFooter.header.announcement).toBe('Winter sale');
  });

  it('answers 501 to address lookups when no places provider is configured, after checking the request', async () => {
    const b = new Browser(site.app);
    const auto = await b.request('GET', '/api/google-maps/places/autocomplete?input=1%20Main');
    expect(auto.status).toBe(501);
    expect(auto.json).toEqual({ code: 'PLACES_UNAVAILABLE', error: 'Address lookup is not available: no places provider is configured for this site.' });
    expect((await b.request('GET', DETAILS)).status).toBe(501);
    const noContext = await b.request('GET', '/api/google-maps/places/details?placeId=p1');
    expect(noContext.status).toBe(400);
    expect(noContext.json.errors).toEqual({ 'trackingContext.productPage': 'Required', 'trackingContext.productSection': 'Required' });
    const half = await b.request('GET', '/api/google-maps/places/details?placeId=p1&trackingContext[productPage]=checkout');
    expect(half.json.errors).toEqual({ 'trackingContext.productSection': 'Required' });
    expect((await b.request('GET', '/api/google-maps/places/autocomplete')).json.errors).toEqual({ input: 'Required' });
  });

  it('asks a configured places provider, with the tracking context required for details', async () => {
    const b = new Browser(withPlaces.app);
    const auto = await b.request('GET', '/api/google-maps/places/autocomplete?input=1%20Main&country=us&sessionToken=abc');
    expect(auto.json.predictions).toEqual([expect.objectContaining({ placeId: 'p1', mainText: '1 Main St' })]);
    expect(calls[0]).toEqual({ input: '1 Main', sessionToken: 'abc', language: 'en-US', country: 'US' });
    const details = await b.request('GET', DETAILS);
    expect(details.json.place).toMatchObject({ city: 'Hudson', postalCode: '12534', country: 'US' });
    const json = await b.request(
      'GET',
      `/api/google-maps/places/details?placeId=p1&trackingContext=${encodeURIComponent('{"productPage":"checkout","productSection":"billing"}')}`,
    );
    expect(json.status).toBe(200);
    expect((await b.request('GET', DETAILS.replace('p1', 'nope'))).status).toBe(404);
    expect((await b.request('GET', '/api/google-maps/places/details?placeId=p1')).status).toBe(400);
  });

  it('answers the session recording id: the mock id (skip) unless recording is configured', async () => {
    const b = new Browser(site.app);
    expect((await b.request('GET', '/api/commerce/fullstory/getId')).json).toEqual({ data: SESSION_RECORDING_MOCK_ID });
    const page = (await b.request('GET', '/journal')).body;
    expect(page).toContain('"sessionRecording":{"enabled":false');
    await updateSiteSettings(site.store, (s) => {
      s.sessionRecording = { enabled: true, id: 'rec-42', sampleRate: 0.5 };
    });
    expect((await b.request('GET', '/api/commerce/fullstory/getId')).json).toEqual({ data: 'rec-42' });
    expect((await b.request('GET', '/journal')).body).toContain('"sessionRecording":{"enabled":true,"sampleRate":0.5}');
  });

  it("tells the browser whether the site is internal (variant overrides), only from the site's status", async () => {
    const b = new Browser(site.app);
    expect((await b.request('GET', '/journal')).body).toContain('"isInternal":false');
    await updateSiteSettings(site.store, (s) => {
      s.siteStatus = 'internal';
    });
    expect((await b.request('GET', '/journal')).body).toContain('"isInternal":true');
  });
});
