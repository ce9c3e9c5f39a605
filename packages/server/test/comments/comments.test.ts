import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { type CommentSite, captchaToken, commentSite, postComment, postId } from './helpers.js';

const OWNER_API = '/api/owner/comments';

describe.each(DIALECTS)('comments and likes on %s', (dialect) => {
  let site: CommentSite;
  const post = async (urlId = 'hello-world') => (await site.visitor().page(`/journal/${urlId}`)).json;
  let pendingId = '';

  beforeAll(async () => {
    site = await commentSite(dialect);
  });
  afterAll(() => site?.close());

  it('gives a post page its counts and its thread, shown by the rule of commentState and the count', async () => {
    const open = await post();
    expect(open.item).toMatchObject({ publicCommentCount: 0, commentState: 1, likeCount: 0 });
    expect(open.comments).toMatchObject({
      itemId: postId('hello-world'),
      shown: true,
      open: true,
      count: 0,
      countLabel: 'No Comments',
      list: [],
      requireApproval: true,
      postUrl: `/api/comments/items/${postId('hello-world')}/comments`,
      honeypot: 'website_url',
    });
    // Closed and without comments: nothing is shown.
    expect((await post('kiln-day')).comments).toMatchObject({ shown: false, open: false, countLabel: 'No Comments' });
  });

  it('keeps a new comment waiting until a moderator approves it, then shows it without its email', async () => {
    const v = site.visitor();
    const res = await postComment(v, 'hello-world', { name: '  Ada <b>L</b> ', text: 'Lovely <script>kiln</script>.' });
    expect(res.status, res.body).toBe(201);
    expect(res.json.comment).toMatchObject({ status: 'pending', authorName: 'Ada <b>L</b>', text: 'Lovely <script>kiln</script>.' });
    expect(res.json.comment).not.toHaveProperty('email');
    pendingId = res.json.comment.id;
    expect((await post()).item.publicCommentCount).toBe(0);

    const queue = await site.staff.moderator.request('GET', `${OWNER_API}?status=pending`);
    expect(queue.status).toBe(200);
    expect(queue.json.counts).toEqual({ pending: 1, approved: 0, spam: 0 });
    expect(queue.json.comments[0]).toMatchObject({
      id: pendingId,
      status: 'pending',
      authorEmail: 'ada@example.com',
      post: { itemId: postId('hello-world'), title: 'Hello World', url: '/journal/hello-world' },
    });

    const approved = await site.staff.moderator.request('POST', `${OWNER_API}/${pendingId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({
      comment: { status: 'approved', moderatedBy: 'moderator@shop.test', post: { title: 'Hello World', url: '/journal/hello-world' } },
      counts: { pending: 0, approved: 1 },
    });
    const page = await post();
    expect(page.item.publicCommentCount).toBe(1);
    expect(page.comments).toMatchObject({ count: 1, countLabel: '1 Comment' });
    expect(page.comments.list).toEqual([expect.objectContaining({ authorName: 'Ada <b>L</b>', text: 'Lovely <script>kiln</script>.', bySite: false })]);
    expect(JSON.stringify(page.comments)).not.toContain('ada@example.com');
    // The date is the site's time zone's (the fixture's is New York: 10:00 UTC is 5:00 AM in winter).
    expect(page.comments.list[0].createdText).toMatch(/2025/);
    // The blog's list counts its posts' comments too.
    const list = (await site.visitor().page('/journal')).json.items as { urlId: string; publicCommentCount: number }[];
    expect(list.find((i) => i.urlId === 'hello-world')?.publicCommentCount).toBe(1);
  });

  it('refuses bad fields with their messages, a missing or used captcha, and closed posts', async () => {
    const v = site.visitor();
    const bad = await postComment(v, 'hello-world', { name: ' ', email: 'not-an-email', text: '' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { name: 'Enter your name.', email: 'Email is invalid', text: 'Write a comment.' } });
    const long = await postComment(v, 'hello-world', { name: 'x'.repeat(81), text: 'y'.repeat(2001) });
    expect(long.json.errors).toEqual({ name: 'Enter a name of at most 80 characters.', text: 'Write a comment of at most 2000 characters.' });
    const missing = await postComment(v, 'hello-world', { captchaToken: undefined });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('CAPTCHA_REQUIRED');
    expect(missing.json.error).toBe('Complete CAPTCHA before submitting.');
    expect((await postComment(v, 'hello-world', { captchaToken: 'forged' })).json.code).toBe('CAPTCHA_INVALID');
    const token = await captchaToken(v);
    expect((await postComment(v, 'hello-world', { captchaToken: token })).status).toBe(201);
    const replayed = await postComment(v, 'hello-world', { captchaToken: token });
    expect(replayed.json.code).toBe('CAPTCHA_INVALID');
    const closed = await postComment(v, 'kiln-day');
    expect(closed.status).toBe(404);
    expect(closed.json).toMatchObject({ code: 'COMMENTS_CLOSED', error: 'Comments are closed on this post.' });
    expect((await v.request('POST', `/api/comments/items/${postId('unfinished')}/comments`, { name: 'A', text: 'B' })).json.code).toBe('COMMENTS_CLOSED');
    // Without the crumb header, nothing is written.
    const noCrumb = await v.request('POST', `/api/comments/items/${postId('hello-world')}/comments`, { name: 'A', text: 'B' }, { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json.code).toBe('CRUMB_FAIL');
  });

  it('answers a filled honeypot as a person, and keeps nothing', async () => {
    const before = (await site.staff.admin.request('GET', OWNER_API)).json.counts;
    const res = await postComment(site.visitor(), 'hello-world', { website_url: 'http://spam.example', captchaToken: '' });
    expect(res.status).toBe(201);
    expect(res.json.comment.status).toBe('pending');
    expect((await site.staff.admin.request('GET', OWNER_API)).json.counts).toEqual(before);
  });

  it('counts a like once per visitor, in the post and in the list', async () => {
    const url = `/api/comments/items/${postId('hello-world')}/like`;
    const ada = site.visitor();
    expect((await ada.request('POST', url)).json).toEqual({ likeCount: 1, liked: true });
    expect(ada.cookies.get('tessera_liker')).toMatch(/^[\w-]{22}$/);
    expect((await ada.request('POST', url)).json).toEqual({ likeCount: 1, liked: true });
    expect((await site.visitor().request('POST', url)).json).toEqual({ likeCount: 2, liked: true });
    expect((await post()).item.likeCount).toBe(2);
    const list = (await site.visitor().page('/journal')).json.items as { urlId: string; likeCount: number }[];
    expect(list.find((i) => i.urlId === 'hello-world')?.likeCount).toBe(2);
    expect((await ada.request('POST', url, undefined, { 'x-csrf-token': '' })).status).toBe(403);
    expect((await ada.request('POST', `/api/comments/items/${postId('unfinished')}/like`)).status).toBe(404);
    await site.settings({ simpleLikingEnabled: false });
    const off = await ada.request('POST', url);
    expect(off.status).toBe(404);
    expect(off.json).toMatchObject({ code: 'LIKES_NOT_ENABLED', error: 'Likes are not enabled on this site.' });
    await site.settings({ simpleLikingEnabled: true });
  });

  it('lets the moderating roles list, approve, mark as spam, reply and delete; the others get 403, nobody 401', async () => {
    const v = site.visitor();
    const spam = (await postComment(v, 'hello-world', { text: 'Buy now' })).json.comment.id as string;
    for (const role of ['admin', 'editor', 'moderator'] as const) expect((await site.staff[role].request('GET', OWNER_API)).status, role).toBe(200);
    for (const role of ['commenter', 'shop'] as const) {
      expect((await site.staff[role].request('GET', OWNER_API)).status, role).toBe(403);
      expect((await site.staff[role].request('POST', `${OWNER_API}/${spam}/approve`)).json.code, role).toBe('PERMISSION_DENIED');
      expect((await site.staff[role].request('DELETE', `${OWNER_API}/${spam}`)).status, role).toBe(403);
    }
    expect((await v.request('GET', OWNER_API)).json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    expect((await v.request('POST', `${OWNER_API}/${spam}/spam`)).status).toBe(401);
    // The crumb guards the owner's writes too.
    expect((await site.staff.admin.request('POST', `${OWNER_API}/${spam}/spam`, undefined, { 'x-csrf-token': 'wrong' })).status).toBe(403);

    const marked = await site.staff.editor.request('POST', `${OWNER_API}/${spam}/spam`);
    expect(marked.json.comment).toMatchObject({ status: 'spam', moderatedBy: 'editor@shop.test' });
    const spamList = await site.staff.admin.request('GET', `${OWNER_API}?status=spam`);
    expect(spamList.json.comments.map((c: { id: string }) => c.id)).toEqual([spam]);
    const all = await site.staff.admin.request('GET', OWNER_API);
    // Those waiting come first.
    expect(all.json.comments[0].status).toBe('pending');
    const bad = await site.staff.admin.request('GET', `${OWNER_API}?status=hidden&limit=0`);
    expect(bad.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { status: 'Choose one of pending, approved, spam.', limit: 'Enter a whole number from 1 to 100.' },
    });

    // A reply as the site: the commenter may write one (postComments), shown at once under the site's name.
    site.clock.advance(60_000);
    const reply = await site.staff.commenter.request('POST', `${OWNER_API}/${pendingId}/reply`, { text: 'Thank you!' });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.json.comment).toMatchObject({ status: 'approved', bySite: true, authorName: 'Fixture Shop', post: { title: 'Hello World' } });
    expect((await site.staff.shop.request('POST', `${OWNER_API}/${pendingId}/reply`, { text: 'Hi' })).status).toBe(403);
    expect((await site.staff.admin.request('POST', `${OWNER_API}/${pendingId}/reply`, { text: ' ' })).json.errors).toEqual({
      text: 'Write a reply of at most 2000 characters.',
    });
    const page = await post();
    expect(page.comments).toMatchObject({ count: 2, countLabel: '2 Comments' });
    expect(page.comments.list.map((c: { text: string }) => c.text)).toEqual(['Lovely <script>kiln</script>.', 'Thank you!']);

    const deleted = await site.staff.moderator.request('DELETE', `${OWNER_API}/${spam}`);
    expect(deleted.json).toMatchObject({ deleted: true, counts: { spam: 0 } });
    expect((await site.staff.moderator.request('DELETE', `${OWNER_API}/${spam}`)).status).toBe(404);
  });

  it('publishes at once when the owner says comments need no approval, and hides every comment when the site turns them off', async () => {
    const read = await site.staff.admin.request('GET', `${OWNER_API}/settings`);
    expect(read.json).toEqual({ commentsEnabled: true, commentsRequireApproval: true });
    expect((await site.staff.admin.request('PUT', `${OWNER_API}/settings`, { commentsRequireApproval: 'no' })).json.errors).toEqual({
      commentsRequireApproval: 'Choose true or false.',
    });
    expect((await site.staff.shop.request('PUT', `${OWNER_API}/settings`, { commentsRequireApproval: false })).status).toBe(403);
    const saved = await site.staff.moderator.request('PUT', `${OWNER_API}/settings`, { commentsRequireApproval: false });
    expect(saved.json).toEqual({ commentsEnabled: true, commentsRequireApproval: false });
    const res = await postComment(site.visitor(), 'hello-world', { text: 'Straight in.' });
    expect(res.json.comment.status).toBe('approved');
    expect((await post()).comments).toMatchObject({ count: 3, countLabel: '3 Comments', requireApproval: false });
    // Comments off: the thread is hidden whatever the post says, and nobody may add to it.
    await site.settings({ commentsEnabled: false });
    expect((await post()).comments).toMatchObject({ shown: false, open: false, list: [] });
    expect((await postComment(site.visitor(), 'hello-world')).json.code).toBe('COMMENTS_CLOSED');
    await site.settings({ commentsEnabled: true });
    // A closed post that holds comments still shows them, without the form.
    await site.commentState('hello-world', 0);
    expect((await post()).comments).toMatchObject({ shown: true, open: false, count: 3 });
    await site.commentState('hello-world', 1);
  });

  it('refuses a visitor past the comment rate limit with 429 and Retry-After', async () => {
    site.clock.advance(10 * 60_000);
    const v = site.visitor();
    for (let i = 0; i < 30; i++) expect((await postComment(v, 'hello-world', { captchaToken: '' })).status).toBe(400);
    const limited = await postComment(v, 'hello-world', { captchaToken: '' });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 'COMMENT_RATE_LIMITED', error: 'Too many comments. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
