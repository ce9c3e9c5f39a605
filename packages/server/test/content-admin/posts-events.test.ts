import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { type ContentSite, api, contentSite, doc, itemOf, text } from './helpers.js';

const HELLO = itemOf('journal', 'hello-world');
const OPEN_STUDIO = itemOf('events', 'open-studio');
const STORY = itemOf('story', 'story');
const collectionOf = (urlId: string) => stableId(websiteIdOf('fixture-shop'), 'collection', urlId);
const JOURNAL = collectionOf('journal');
const EVENTS = collectionOf('events');
const items = (collectionId: string, query = '') => `/api/owner/collections/${collectionId}/items${query}`;

/** A post's fields as the editor sends them. */
const postFields = (over: Record<string, unknown> = {}) => ({
  mainImage: { asset: 'assets/gallery/kiln.svg', alt: 'The kiln at dawn' },
  tags: ['  glaze ', 'kiln'],
  categories: ['Studio'],
  author: null,
  commentsOn: true,
  ...over,
});

/**
 * Posts and events through the owner's API (docs/owner-api.md "Page content" and "Posts and
 * events"): their own fields in drafts, publish, the visitor's page and restore; their lists, a new
 * one, deleting one; the checks with their messages and who may call. One app per dialect, in order.
 */
describe.each(DIALECTS)('posts and events on %s', (dialect) => {
  let site: ContentSite;
  const admin = () => site.staff.admin;
  const itemRow = (id: string) => site.store.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const baseOf = async (id: string) => {
    const read = (await admin().request('GET', api(id))).json;
    return read.draft?.revision ?? read.published?.revision ?? 0;
  };

  beforeAll(async () => {
    site = await contentSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('reads a post’s and an event’s own fields from what the site directory wrote, and none for a page', async () => {
    const post = (await admin().request('GET', api(HELLO))).json;
    expect(post.published.document).toMatchObject({ tags: ['news'], categories: ['Studio'], author: { id: null, name: 'Ada' }, commentsOn: false });
    const event = (await admin().request('GET', api(OPEN_STUDIO))).json;
    expect(event.published.document).toMatchObject({
      startDate: Date.parse('2030-03-01T15:00:00.000Z'),
      timeZone: 'America/New_York',
      location: { addressTitle: expect.any(String) },
    });
    const page = (await admin().request('GET', api(STORY))).json;
    expect(Object.keys(page.published.document).sort()).toEqual(['excerpt', 'sections', 'title']);
  });

  it('refuses each bad field with its message, writing nothing', async () => {
    const base = await baseOf(HELLO);
    const long = 'x'.repeat(51);
    const bad = async (kind: 'post' | 'event', fields: Record<string, unknown>) => {
      const res = await admin().request('PUT', api(kind === 'post' ? HELLO : OPEN_STUDIO, '/draft'), {
        baseRevision: kind === 'post' ? base : await baseOf(OPEN_STUDIO),
        document: { ...doc('Bad', []), ...postFields(), ...fields },
      });
      expect(res.status, res.body).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      return res.json.errors;
    };
    expect(await bad('post', { tags: [long] })).toEqual({ tags: `Tags are at most 50 characters: "${long}" is too long.` });
    expect(await bad('post', { tags: ['Glaze', 'glaze '] })).toEqual({ tags: 'This tag already exists' });
    expect(await bad('post', { categories: ['Studio', 'STUDIO'] })).toEqual({ categories: 'This category already exists' });
    expect(await bad('post', { categories: ['c'.repeat(26)] })).toEqual({
      categories: `Categories are at most 25 characters: "${'c'.repeat(26)}" is too long.`,
    });
    expect(await bad('post', { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })).toEqual({ tags: 'A post holds at most 50 tags; this one has 51.' });
    expect(await bad('post', { author: { id: 'nobody' } })).toEqual({ author: 'Choose an author among the site’s staff.' });
    expect(await bad('event', { startDate: '2030-03-02T10:00:00-05:00', endDate: '2030-03-02T09:00:00-05:00' })).toEqual({
      endDate: 'The event cannot end before it starts.',
    });
    expect(await bad('event', { startDate: '2030-03-02T10:00:00' })).toEqual({ startDate: 'Enter a date and time, such as 2026-05-01T09:00:00-04:00.' });
    expect(await bad('event', { timeZone: 'Mars/Olympus' })).toEqual({ timeZone: '"Mars/Olympus" is not a time zone; choose one such as America/New_York.' });
    expect(await bad('event', { location: { mapLat: 91, mapLng: -181 } })).toEqual({
      'location.mapLat': 'Enter a latitude between -90 and 90.',
      'location.mapLng': 'Enter a longitude between -180 and 180.',
    });
    expect(await site.store.db.selectFrom('item_drafts').selectAll().execute()).toEqual([]);
  });

  it('saves a post’s fields in its draft (author by account), publishes them where the theme reads them, and the visitor sees them', async () => {
    const { authors } = (await admin().request('GET', '/api/owner/content/authors')).json;
    const editor = authors.find((a: { email: string }) => a.email === 'editor@shop.test');
    expect(editor).toEqual({ id: expect.any(String), name: 'Editor', email: 'editor@shop.test' });
    const document = {
      ...doc('Hello again', [text('b-1', '<p>Body <script>x()</script>text</p>')]),
      ...postFields({ author: { id: editor.id, name: 'Forged' } }),
    };
    const saved = await admin().request('PUT', api(HELLO, '/draft'), { baseRevision: await baseOf(HELLO), document });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.document).toMatchObject({ tags: ['glaze', 'kiln'], author: { id: editor.id, name: 'Editor' }, commentsOn: true });
    const published = await admin().request('POST', api(HELLO, '/publish'), { baseRevision: saved.json.revision });
    expect(published.status, published.body).toBe(200);
    const data = JSON.parse((await itemRow(HELLO)).data);
    expect(data).toMatchObject({
      mainImage: 'assets/gallery/kiln.svg',
      mainImageAlt: 'The kiln at dawn',
      tags: ['glaze', 'kiln'],
      categories: ['Studio'],
      author: 'Editor',
      authorId: editor.id,
      commentState: 1,
    });
    const v = site.visitor();
    const page = await v.request('GET', '/journal/hello-world');
    // The fixture's theme shows a title and a body; the default theme's tags and byline are the end-to-end test's.
    expect(page.body).toContain('Hello again');
    expect(page.body).not.toContain('<script>x()');
    const json = (await v.request('GET', '/journal/hello-world?format=json')).json.item;
    expect(json).toMatchObject({ tags: ['glaze', 'kiln'], categories: ['Studio'], author: { displayName: 'Editor' }, commentState: 1 });
    expect((await v.request('GET', '/journal?tag=glaze')).body).toContain('Hello again');
  });

  it('publishes an event’s dates, zone and location; a back-dated post keeps its date; restore brings the fields back', async () => {
    const event = {
      ...doc('Open studio SF', []),
      ...postFields({ tags: ['open'] }),
      startDate: '2030-04-01T10:00:00-07:00',
      endDate: Date.parse('2030-04-01T12:00:00-07:00'),
      timeZone: 'America/Los_Angeles',
      location: {
        addressTitle: 'Pier Studio',
        addressLine1: '1 Pier',
        addressLine2: 'San Francisco, CA',
        addressCountry: 'United States',
        mapLat: 37.8,
        mapLng: -122.4,
      },
    };
    const saved = await admin().request('PUT', api(OPEN_STUDIO, '/draft'), { baseRevision: await baseOf(OPEN_STUDIO), document: event });
    expect(saved.status, saved.body).toBe(200);
    // The preview renders the unsaved fields with the theme.
    const preview = await admin().request('POST', api(OPEN_STUDIO, '/preview'), { document: { ...event, location: { addressTitle: 'PREVIEWPLACE' } } });
    expect(preview.body).toContain('<p>PREVIEWPLACE</p>');
    const first = await admin().request('POST', api(OPEN_STUDIO, '/publish'), { baseRevision: saved.json.revision });
    expect(first.status, first.body).toBe(200);
    const row = await itemRow(OPEN_STUDIO);
    expect(Number(row.start_date)).toBe(Date.parse('2030-04-01T17:00:00Z'));
    expect(Number(row.end_date)).toBe(Date.parse('2030-04-01T19:00:00Z'));
    const json = (await site.visitor().request('GET', '/events/open-studio?format=json')).json.item;
    expect(json).toMatchObject({ startDate: Date.parse('2030-04-01T17:00:00Z'), tags: ['open'], location: { addressTitle: 'Pier Studio', mapLat: 37.8 } });
    // Shown in the event's own zone, not the site's (New York).
    expect(json.when).toEqual({
      timeZone: 'America/Los_Angeles',
      date: 'Monday, April 1, 2030',
      range: expect.stringMatching(/^10:00\sAM\s–\s12:00\sPM\sPDT$/u),
    });
    const html = (await site.visitor().request('GET', '/events/open-studio')).body;
    expect(html).toContain('<p>Pier Studio</p>');

    // A second version, then the first restored into the draft with its fields.
    const changed = await admin().request('PUT', api(OPEN_STUDIO, '/draft'), {
      baseRevision: first.json.revision,
      document: { ...event, tags: ['changed'], timeZone: 'Europe/Paris' },
    });
    const second = await admin().request('POST', api(OPEN_STUDIO, '/publish'), { baseRevision: changed.json.revision });
    expect(JSON.parse((await itemRow(OPEN_STUDIO)).data)).toMatchObject({ tags: ['changed'], timeZone: 'Europe/Paris' });
    const restored = await admin().request('POST', api(OPEN_STUDIO, `/revisions/${first.json.revision}/restore`), { baseRevision: second.json.revision });
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json.document).toMatchObject({ tags: ['open'], timeZone: 'America/Los_Angeles', location: { addressTitle: 'Pier Studio' } });

    // A post published with a past date keeps it (back-dating); a page's publish is unchanged.
    const past = Date.parse('2020-01-02T03:04:05Z');
    const back = await admin().request('POST', api(HELLO, '/publish'), { baseRevision: await baseOf(HELLO), publishOn: past });
    expect(back.json).toMatchObject({ status: 'published', publishOn: past });
  });

  it('lists a blog newest first and events upcoming first, with status labels, drafts, filters and search; 404 for a page', async () => {
    const journal = await admin().request('GET', items(JOURNAL));
    expect(journal.status, journal.body).toBe(200);
    expect(journal.json.nextCursor).toBeNull();
    const byId = new Map(journal.json.items.map((i: { itemId: string }) => [i.itemId, i]));
    expect(byId.get(itemOf('journal', 'unfinished'))).toMatchObject({ status: 'draft', statusLabel: 'Draft', hasDraft: false, url: '/journal/unfinished' });
    expect(byId.get(HELLO)).toMatchObject({ status: 'published', statusLabel: 'Published', author: 'Editor', publishOn: Date.parse('2020-01-02T03:04:05Z') });
    expect(journal.json.items.at(-1).itemId).toBe(HELLO);
    const drafts = await admin().request('GET', items(JOURNAL, '?status=draft'));
    expect(drafts.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['unfinished']);
    const search = await admin().request('GET', items(JOURNAL, '?q=KILN'));
    expect(search.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['kiln-day']);
    const badStatus = await admin().request('GET', items(JOURNAL, '?status=gone'));
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.errors.status).toBe('Choose a status among published, scheduled, needs-review, draft, private.');
    const events = await admin().request('GET', items(EVENTS));
    expect(events.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['open-studio', 'spring-sale']);
    expect(events.json.items[0]).toMatchObject({ startDate: Date.parse('2030-04-01T17:00:00Z'), timeZone: 'Europe/Paris', hasDraft: true });
    expect((await admin().request('GET', items(collectionOf('story')))).status).toBe(404);
    expect((await admin().request('GET', items('nothing'))).status).toBe(404);
  });

  it('makes a draft post at a free slug of its title, an event tomorrow at 10:00 in the site’s zone, and deletes them', async () => {
    const made = await admin().request('POST', items(JOURNAL), { title: ' Spring cupping notes ' });
    expect(made.status, made.body).toBe(201);
    expect(made.json).toMatchObject({
      title: 'Spring cupping notes',
      urlId: 'spring-cupping-notes',
      status: 'draft',
      statusLabel: 'Draft',
      url: '/journal/spring-cupping-notes',
    });
    const again = await site.staff.editor.request('POST', items(JOURNAL), { title: 'Spring cupping notes!' });
    expect(again.json.urlId).toBe('spring-cupping-notes-2');
    const read = (await admin().request('GET', api(made.json.itemId))).json;
    expect(read).toMatchObject({ kind: 'post', status: 'draft', draft: { revision: 0, document: { title: 'Spring cupping notes', sections: [] } } });
    expect((await site.visitor().request('GET', '/journal/spring-cupping-notes')).status).toBe(404);
    expect((await admin().request('POST', items(JOURNAL), { title: '  ' })).json.errors).toEqual({ title: 'Enter a title.' });

    const now = site.clock.fn();
    const event = await admin().request('POST', items(EVENTS), { title: 'Glaze night' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now + 86_400_000);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' });
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(event.json.startDate)).toBe(day);
    expect(local.format(event.json.startDate)).toBe('10:00');
    expect(Number((await itemRow(event.json.itemId)).end_date) - event.json.startDate).toBe(3_600_000);

    expect((await admin().request('DELETE', api(made.json.itemId))).status).toBe(204);
    expect((await admin().request('GET', api(made.json.itemId))).status).toBe(404);
    const page = await admin().request('DELETE', api(STORY));
    expect(page.status).toBe(409);
    expect(page.json.code).toBe('CONTENT_IS_A_PAGE');
    expect((await admin().request('DELETE', api(itemOf('shop', 'mug')))).status).toBe(404);
  });

  it('answers a store manager 403 and nobody 401 on every new call, and refuses writes without the crumb', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', items(JOURNAL)],
      ['POST', items(JOURNAL), { title: 'Refused' }],
      ['DELETE', api(itemOf('journal', 'kiln-day'))],
      ['GET', '/api/owner/content/authors'],
    ];
    for (const [method, url, body] of calls) {
      const shop = await site.staff.shop.request(method, url, body);
      expect(shop.status, `${method} ${url}`).toBe(403);
      expect(shop.json.code).toBe('PERMISSION_DENIED');
      const nobody = await site.visitor().request(method, url, body);
      expect(nobody.status, `${method} ${url}`).toBe(401);
      if (method === 'GET') continue;
      const noCrumb = await admin().request(method, url, body, { 'x-csrf-token': '' });
      expect(noCrumb.status, `${method} ${url}`).toBe(403);
      expect(noCrumb.json.code).toBe('CRUMB_FAIL');
    }
    expect((await site.staff.webmanager.request('GET', items(EVENTS))).status).toBe(200);
    const titles = (await admin().request('GET', items(JOURNAL))).json.items.map((i: { title: string }) => i.title);
    expect(titles).not.toContain('Refused');
    expect(titles).toContain('Kiln Day');
  });
});
