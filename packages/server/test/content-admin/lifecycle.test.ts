import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { type ContentSite, api, code, contentSite, doc, itemOf, text } from './helpers.js';

const STORY = itemOf('story', 'story');
const DRAFT_POST = itemOf('journal', 'unfinished');
const HELLO = itemOf('journal', 'hello-world');
const LINKS = 'Links must be formatted as https://example.com or /about';

/**
 * A page's content lifecycle through the owner's API (docs/owner-api.md "Page content"): drafts with
 * their revision check, sanitised rich text, code blocks and editCode, publish, schedule, unpublish,
 * the history and its restore, presence. One app per dialect; the cases run in order on it.
 */
describe.each(DIALECTS)('the page content API on %s', (dialect) => {
  let site: ContentSite;
  const admin = () => site.staff.admin;
  const editor = () => site.staff.editor;
  const draftRows = () => site.store.db.selectFrom('item_drafts').selectAll().execute();
  const itemRow = (id: string) => site.store.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    site = await contentSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('reads a page: its published content at revision 0, no draft, its status and address', async () => {
    const res = await admin().request('GET', api(STORY));
    expect(res.status, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toMatchObject({
      itemId: STORY,
      kind: 'page',
      title: 'Our Story',
      url: '/story',
      status: 'published',
      statusLabel: '',
      // Its body, written before layouts, is one text block of the document.
      published: { revision: 0, document: { title: 'Our Story', excerpt: '', sections: [{ id: 's-body', blocks: [{ id: 'b-body', kind: 'text' }] }] } },
      draft: null,
      editors: [],
      canEditCode: true,
    });
    expect((await editor().request('GET', api(STORY))).json.canEditCode).toBe(false);
    // A never-published post answers its own content as the draft at revision 0.
    const post = await admin().request('GET', api(DRAFT_POST));
    expect(post.json).toMatchObject({
      kind: 'post',
      status: 'draft',
      statusLabel: 'Draft',
      published: null,
      draft: { revision: 0, updatedBy: { id: '', name: '' } },
    });
    expect(post.json.draft.document.title).toBe('Unfinished SECRETDRAFT');
    expect((await admin().request('GET', api(itemOf('shop', 'mug')))).status).toBe(404);
    expect((await admin().request('GET', api('nothing'))).status).toBe(404);
  });

  it('saves a draft with its rich text cut to what the editor makes, and the chart warning; visitors still see the published page', async () => {
    const rows = Array.from({ length: 101 }, (_, i) => [`Row ${i}`, String(i)]);
    const body = {
      baseRevision: 0,
      document: doc(
        'Our New Story',
        [
          text(
            'b-text',
            '<h2 onclick="steal()">Hello</h2><script>alert(1)</script><p><a href="javascript:alert(1)">bad</a> <a href="https://example.com" onmouseover="x()">good</a></p>',
          ),
          { id: 'b-chart', kind: 'chart', variant: 1009, settings: { columns: ['Month', 'Cups'], rows } },
          { id: 'b-faq', kind: 'accordion', settings: { items: [{ title: 'Q', html: '<p>A<img src=x onerror="alert(1)"></p>' }] } },
        ],
        '<p>Lede<script>x()</script></p>',
      ),
    };
    const res = await admin().request('PUT', api(STORY, '/draft'), body);
    expect(res.status, res.body).toBe(200);
    expect(res.json.revision).toBe(1);
    expect(res.json.warnings).toEqual([{ path: 'sections[0].blocks[1].settings.rows', message: 'Your dataset has been truncated to 100 rows' }]);
    const [textBlock, chart, faq] = res.json.document.sections[0].blocks;
    expect(textBlock.settings.html).toBe('<h2>Hello</h2><p><a>bad</a> <a href="https://example.com">good</a></p>');
    expect(chart.settings.rows).toHaveLength(100);
    expect(faq.settings.items[0].html).toBe('<p>A</p>');
    expect(res.json.document.excerpt).toBe('<p>Lede</p>');
    const stored = JSON.stringify(await draftRows());
    for (const bad of ['script', 'onclick', 'javascript:', 'onerror', 'onmouseover']) expect(stored).not.toContain(bad);

    const read = await editor().request('GET', api(STORY));
    expect(read.json.draft).toMatchObject({ revision: 1, updatedBy: { name: 'admin@shop.test' }, document: { title: 'Our New Story' } });
    expect(read.json.published.document.title).toBe('Our Story');
    const page = await site.visitor().request('GET', '/story');
    expect(page.body).toContain('Our Story');
    expect(page.body).not.toContain('Our New Story');
  });

  it('refuses 61 blocks, a javascript: link of a button and a missing base, each at its path, writing nothing', async () => {
    const before = await draftRows();
    const many = Array.from({ length: 61 }, (_, i) => text(`b-${i}`, '<p>x</p>'));
    const tooMany = await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 1, document: doc('Many', many) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { sections: 'A layout holds at most 60 blocks; this one has 61.' } });
    const link = await admin().request('PUT', api(STORY, '/draft'), {
      baseRevision: 1,
      document: doc('Link', [{ id: 'b-go', kind: 'button', settings: { label: 'Go', link: 'javascript:alert(1)' } }]),
    });
    expect(link.status).toBe(400);
    expect(link.json.errors).toEqual({ 'sections[0].blocks[0].settings.link': LINKS });
    const chart = await admin().request('PUT', api(STORY, '/draft'), {
      baseRevision: 1,
      document: doc('Chart', [
        { id: 'b-c', kind: 'chart', settings: { columns: ['Month', 'Cups'], rows: [['Jan', '']] } },
        { id: 'b-e', kind: 'chart', settings: {} },
      ]),
    });
    expect(chart.json.errors).toEqual({
      'sections[0].blocks[0].settings.rows': 'One or more rows was missing data.',
      'sections[0].blocks[1].settings.columns': expect.any(String),
      'sections[0].blocks[1].settings.rows': expect.any(String),
    });
    const noBase = await admin().request('PUT', api(STORY, '/draft'), { document: doc('No base', []) });
    expect(noBase.status).toBe(400);
    expect(noBase.json.errors).toHaveProperty('baseRevision');
    const noTitle = await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 1, document: doc('  ', []) });
    expect(noTitle.json.errors).toEqual({ title: 'Enter a title.' });
    expect(await draftRows()).toEqual(before);
  });

  it('tells the second of two editors saving from one revision, and keeps the first one’s draft', async () => {
    const first = await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 1, document: doc('Admin version', [text('b-1', '<p>admin</p>')]) });
    expect(first.status, first.body).toBe(200);
    expect(first.json.revision).toBe(2);
    const second = await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 1, document: doc('Editor version', [text('b-1', '<p>editor</p>')]) });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('DRAFT_CONFLICT');
    expect(second.json.error).toMatch(
      /^admin@shop\.test saved a newer version of this page at .+\. Reload it to see their changes; yours are kept in this window\.$/,
    );
    expect(second.json.draft).toMatchObject({ revision: 2, updatedBy: { name: 'admin@shop.test' } });
    const read = await admin().request('GET', api(STORY));
    expect(read.json.draft.document.title).toBe('Admin version');
    // Two saves from one revision at the same moment: exactly one lands.
    const racing = await Promise.all(
      ['admin', 'editor'].map((who) =>
        site.staff[who as 'admin' | 'editor'].request('PUT', api(STORY, '/draft'), { baseRevision: 2, document: doc(`Race ${who}`, []) }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = racing.find((r) => r.status === 200)!;
    expect((await admin().request('GET', api(STORY))).json.draft).toMatchObject({ revision: 3, document: { title: winner.json.document.title } });
    // Told, the editor saves again from the newer revision.
    const again = await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 3, document: doc('Editor version', [text('b-1', '<p>editor</p>')]) });
    expect(again.json.revision).toBe(4);
  });

  it('lets only editCode add, change or remove a code block; an editor may still move one', async () => {
    const withCode = doc('Code', [text('b-1', '<p>one</p>'), code('b-code', '<script>widget()</script>')]);
    const refused = await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 4, document: withCode });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('CODE_EDITING_FORBIDDEN');
    const added = await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 4, document: withCode });
    expect(added.status, added.body).toBe(200);
    // Kept as written, for the theme's sandboxed frame.
    expect(added.json.document.sections[0].blocks[1].settings.html).toBe('<script>widget()</script>');
    const moved = doc('Code moved', [code('b-code', '<script>widget()</script>'), text('b-1', '<p>one</p>')]);
    const move = await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 5, document: moved });
    expect(move.status, move.body).toBe(200);
    const changed = doc('Code changed', [code('b-code', '<script>other()</script>'), text('b-1', '<p>one</p>')]);
    expect((await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 6, document: changed })).status).toBe(403);
    const removed = doc('Code removed', [text('b-1', '<p>one</p>')]);
    expect((await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 6, document: removed })).status).toBe(403);
    const manager = await site.staff.webmanager.request('PUT', api(STORY, '/draft'), { baseRevision: 6, document: removed });
    expect(manager.status, manager.body).toBe(200);
    expect(manager.json.revision).toBe(7);
  });

  it('publishes the draft into the page in one step: visitors get it, the draft closes, the history grows', async () => {
    const stale = await admin().request('POST', api(STORY, '/publish'), { baseRevision: 6 });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('DRAFT_CONFLICT');
    const ready = await admin().request('PUT', api(STORY, '/draft'), {
      baseRevision: 7,
      document: doc('Published Story', [text('b-1', '<p>Now live</p>')], '<p>Short</p>'),
    });
    expect(ready.json.revision).toBe(8);
    const res = await admin().request('POST', api(STORY, '/publish'), { baseRevision: 8 });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ status: 'published', publishOn: expect.any(Number), revision: 9 });
    const page = await site.visitor().request('GET', '/story');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Published Story</h1>');
    const row = await itemRow(STORY);
    expect(row).toMatchObject({ title: 'Published Story', excerpt: '<p>Short</p>', status: 'published' });
    expect(JSON.parse(row.data).sections[0].blocks[0]).toMatchObject({ id: 'b-1', kind: 'text', settings: { html: '<p>Now live</p>' } });
    const read = await admin().request('GET', api(STORY));
    expect(read.json).toMatchObject({ draft: null, published: { revision: 9, document: { title: 'Published Story' } } });
    // A save from the closed draft's revision is told; one from the published revision is taken.
    expect((await editor().request('PUT', api(STORY, '/draft'), { baseRevision: 8, document: doc('Late', []) })).status).toBe(409);
    const history = await admin().request('GET', api(STORY, '/revisions'));
    expect(history.json.revisions).toEqual([{ revision: 9, publishedOn: site.clock.now, publishedBy: { id: expect.any(String), name: 'admin@shop.test' } }]);
  });

  it('schedules a post: invisible to visitors, its JSON and search until its time, then visible without any job', async () => {
    const when = site.clock.now + 10 * 60_000;
    const res = await admin().request('POST', api(DRAFT_POST, '/publish'), { baseRevision: 0, publishOn: new Date(when).toISOString() });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ status: 'scheduled', publishOn: when, revision: 1 });
    expect((await admin().request('GET', api(DRAFT_POST))).json).toMatchObject({ status: 'scheduled', statusLabel: 'Scheduled', publishOn: when });
    const hidden = async () => {
      const v = site.visitor();
      expect((await v.request('GET', '/journal/unfinished')).status).toBe(404);
      expect((await v.request('GET', '/journal/unfinished?format=json')).status).toBe(404);
      expect((await v.request('GET', '/journal?format=json')).body).not.toContain('SECRETDRAFT');
      expect((await v.request('GET', '/search?q=SECRETDRAFT')).body).not.toContain('/journal/unfinished');
    };
    await hidden();
    site.clock.advance(10 * 60_000 - 1);
    await hidden();
    site.clock.advance(1);
    const v = site.visitor();
    expect((await v.request('GET', '/journal/unfinished')).status).toBe(200);
    expect((await v.request('GET', '/journal/unfinished?format=json')).json.item.title).toBe('Unfinished SECRETDRAFT');
    expect((await v.request('GET', '/search?q=SECRETDRAFT')).body).toContain('/journal/unfinished');
  });

  it('unpublishes a page: visitors get not found, its content and history stay', async () => {
    const res = await admin().request('POST', api(STORY, '/unpublish'));
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ status: 'draft' });
    expect((await site.visitor().request('GET', '/story')).status).toBe(404);
    const read = await admin().request('GET', api(STORY));
    expect(read.json).toMatchObject({ status: 'draft', statusLabel: 'Draft', published: { revision: 9, document: { title: 'Published Story' } } });
    const again = await admin().request('POST', api(STORY, '/publish'), { baseRevision: 9 });
    expect(again.json).toMatchObject({ status: 'published', revision: 10 });
    expect((await site.visitor().request('GET', '/story')).status).toBe(200);
  });

  it('opens a post written before layouts with its body as one text block, which publishing keeps on the page', async () => {
    const post = itemOf('journal', 'hello-world');
    const body = '<p>Welcome to the journal about stoneware.</p>';
    const read = await admin().request('GET', api(post));
    expect(read.json.published.document.sections).toEqual([
      expect.objectContaining({ id: 's-body', blocks: [expect.objectContaining({ id: 'b-body', kind: 'text', settings: { html: body } })] }),
    ]);
    // The same document at every read: the editor's outline and its saves name the same ids.
    expect((await admin().request('GET', api(post))).json.published.document).toEqual(read.json.published.document);
    expect((await admin().request('POST', api(post, '/publish'), { baseRevision: null })).json).toMatchObject({ status: 'published', revision: 1 });
    // The fixture theme shows only the body; the page's context carries the layout the default theme shows.
    const page = await site.visitor().request('GET', '/journal/hello-world?format=json');
    expect(page.json.item.layout.sections[0].blocks[0]).toMatchObject({ id: 'b-body', kind: 'text' });
    expect(page.body).toContain('Welcome to the journal about stoneware.');
    expect(JSON.parse((await itemRow(post)).data).sections[0].blocks[0].settings.html).toBe(body);
    // A block added under it leaves the old text where it was.
    const [section] = read.json.published.document.sections;
    const quote = { id: 'b-q', kind: 'quote', settings: { text: 'Slow is smooth', source: '' } };
    const withQuote = { ...read.json.published.document, sections: [{ ...section, blocks: [...section.blocks, quote] }] };
    expect((await admin().request('PUT', api(post, '/draft'), { baseRevision: 1, document: withQuote })).status).toBe(200);
    expect((await admin().request('POST', api(post, '/publish'), { baseRevision: 2 })).json.revision).toBe(3);
    const after = await site.visitor().request('GET', '/journal/hello-world?format=json');
    expect(after.json.item.layout.sections[0].blocks.map((b: { id: string }) => b.id)).toEqual(['b-body', 'b-q']);
    expect(after.body).toContain('Slow is smooth');
  });

  it('finds a page by the words of its blocks in site search, and only once it is published', async () => {
    const v = site.visitor();
    expect((await v.request('GET', '/search?q=smooth')).body).toContain('/journal/hello-world');
    expect((await v.request('GET', '/search?q=stoneware')).body).toContain('/journal/hello-world');
    // A draft's words are not found until it is published; a block's link is never searched.
    await admin().request('PUT', api(HELLO, '/draft'), {
      baseRevision: 3,
      document: doc('Hello Again', [
        text('b-new', '<p>Kintsugi <a href="https://gold.example/joinery">repairs</a></p>'),
        { id: 'b-btn', kind: 'button', settings: { label: 'Book a mending class', link: '/mending' } },
      ]),
    });
    expect((await v.request('GET', '/search?q=kintsugi')).body).not.toContain('/journal/hello-world');
    expect((await admin().request('POST', api(HELLO, '/publish'), { baseRevision: 4 })).json.revision).toBe(5);
    expect((await v.request('GET', '/search?q=kintsugi')).body).toContain('/journal/hello-world');
    expect((await v.request('GET', '/search?q=mending+class')).body).toContain('/journal/hello-world');
    expect((await v.request('GET', '/search?q=gold.example')).body).not.toContain('/journal/hello-world');
    expect((await v.request('GET', '/search?q=smooth')).body).not.toContain('/journal/hello-world');
  });

  it('restores a published version as the draft, without publishing it, and discards a draft', async () => {
    await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 10, document: doc('Second Story', []) });
    expect((await admin().request('POST', api(STORY, '/publish'), { baseRevision: 11 })).json.revision).toBe(12);
    const history = await admin().request('GET', api(STORY, '/revisions'));
    expect(history.json.revisions.map((r: { revision: number }) => r.revision)).toEqual([12, 10, 9]);
    expect((await admin().request('POST', api(STORY, '/revisions/9/restore'), { baseRevision: 10 })).status).toBe(409);
    expect((await admin().request('POST', api(STORY, '/revisions/6/restore'), { baseRevision: 12 })).status).toBe(404);
    const restored = await admin().request('POST', api(STORY, '/revisions/9/restore'), { baseRevision: 12 });
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json).toMatchObject({ revision: 13, document: { title: 'Published Story' }, updatedOn: site.clock.now });
    expect((await site.visitor().request('GET', '/story')).body).toContain('<h1>Second Story</h1>');
    const discarded = await admin().request('DELETE', api(STORY, '/draft'));
    expect(discarded.status).toBe(204);
    const read = await admin().request('GET', api(STORY));
    expect(read.json).toMatchObject({ draft: null, published: { revision: 12 } });
    // The discarded draft's revision is refused; the next save starts past it.
    expect((await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 13, document: doc('x', []) })).status).toBe(409);
    expect((await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 12, document: doc('x', []) })).json.revision).toBe(15);
  });

  it('says who else has the page open in the last 45 seconds', async () => {
    expect((await admin().request('POST', api(STORY, '/presence'))).json).toEqual({ editors: [] });
    const seen = await editor().request('POST', api(STORY, '/presence'));
    expect(seen.json.editors).toEqual([{ id: expect.any(String), name: 'admin@shop.test' }]);
    expect((await admin().request('GET', api(STORY))).json.editors).toEqual([{ id: expect.any(String), name: 'editor@shop.test' }]);
    site.clock.advance(45_001);
    expect((await admin().request('POST', api(STORY, '/presence'))).json).toEqual({ editors: [] });
  });

  it('renders the unsaved document as the visitor page, with the collectors off, and writes nothing', async () => {
    const before = { drafts: await draftRows(), item: await itemRow(STORY) };
    const res = await editor().request('POST', api(STORY, '/preview'), { document: doc('Unsaved <Title>', [text('b-1', '<p>draft text</p>')]) });
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).toContain('<h1>Unsaved &lt;Title&gt;</h1>');
    const context = JSON.parse(/<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(res.body)![1]!);
    expect(context).toMatchObject({ censusDisabled: true, pageSpeedEnabled: false, sessionRecording: { enabled: false }, itemId: STORY });
    // A post previews as its item page.
    const post = await admin().request('POST', api(DRAFT_POST, '/preview'), { document: doc('Post preview', []) });
    expect(post.body).toContain('<h1>Post preview</h1>');
    const bad = await editor().request('POST', api(STORY, '/preview'), {
      document: doc(
        'x',
        Array.from({ length: 61 }, (_, i) => text(`b-${i}`, '')),
      ),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.sections).toBe('A layout holds at most 60 blocks; this one has 61.');
    expect({ drafts: await draftRows(), item: await itemRow(STORY) }).toEqual(before);
    // The visitor's page is unchanged, and still counted as a visit.
    const page = await site.visitor().request('GET', '/story');
    expect(page.body).not.toContain('Unsaved');
    expect(JSON.parse(/id="tessera-context">(.*?)<\/script>/s.exec(page.body)![1]!).censusDisabled).toBe(false);
  });

  it('schedules a page: its address, its JSON and search answer nothing until its time', async () => {
    await admin().request('PUT', api(STORY, '/draft'), { baseRevision: 15, document: doc('Workshops SCHEDULEDPAGE', []) });
    const when = site.clock.now + 10 * 60_000;
    const res = await admin().request('POST', api(STORY, '/publish'), { baseRevision: 16, publishOn: when });
    expect(res.json).toEqual({ status: 'scheduled', publishOn: when, revision: 17 });
    const v = site.visitor();
    expect((await v.request('GET', '/story')).status).toBe(404);
    expect((await v.request('GET', '/story?format=json')).status).toBe(404);
    expect((await v.request('GET', '/search?q=SCHEDULEDPAGE')).body).not.toContain('>Workshops SCHEDULEDPAGE</a>');
    site.clock.advance(10 * 60_000);
    expect((await v.request('GET', '/story')).body).toContain('<h1>Workshops SCHEDULEDPAGE</h1>');
    expect((await v.request('GET', '/story?format=json')).json.item.title).toBe('Workshops SCHEDULEDPAGE');
    expect((await v.request('GET', '/search?q=SCHEDULEDPAGE')).body).toContain('>Workshops SCHEDULEDPAGE</a>');
  });

  it('answers a store manager 403 and nobody signed in 401 on every call, and refuses writes without the crumb', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', api(STORY)],
      ['PUT', api(STORY, '/draft'), { baseRevision: 17, document: doc('x', []) }],
      ['DELETE', api(STORY, '/draft')],
      ['POST', api(STORY, '/publish'), { baseRevision: 17 }],
      ['POST', api(STORY, '/unpublish')],
      ['GET', api(STORY, '/revisions')],
      ['POST', api(STORY, '/revisions/9/restore'), { baseRevision: 17 }],
      ['POST', api(STORY, '/presence')],
      ['POST', api(STORY, '/preview'), { document: doc('x', []) }],
    ];
    const before = { drafts: await draftRows(), item: await itemRow(STORY) };
    for (const [method, url, body] of calls) {
      const shop = await site.staff.shop.request(method, url, body);
      expect(shop.status, `${method} ${url}`).toBe(403);
      expect(shop.json.code).toBe('PERMISSION_DENIED');
      const nobody = await site.visitor().request(method, url, body);
      expect(nobody.status, `${method} ${url}`).toBe(401);
      expect(nobody.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
      if (method === 'GET') continue;
      const noCrumb = await admin().request(method, url, body, { 'x-csrf-token': '' });
      expect(noCrumb.status, `${method} ${url}`).toBe(403);
      expect(noCrumb.json.code).toBe('CRUMB_FAIL');
    }
    expect({ drafts: await draftRows(), item: await itemRow(STORY) }).toEqual(before);
  });
});
