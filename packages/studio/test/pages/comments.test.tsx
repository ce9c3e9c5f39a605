// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommentCounts, OwnerComment } from '../../src/pages/comments/calls.js';
import CommentsPage, { type CommentsContext } from '../../src/pages/comments/page.js';
import { fakeServer, json, live, settle } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/comments'));

const context: CommentsContext = {
  page: 'comments',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['moderateComments'],
  timeZone: 'UTC',
};
const API = '/api/owner/comments';
const SETTINGS = { commentsEnabled: true, commentsRequireApproval: true };
const comment = (id: string, extra: Partial<OwnerComment> = {}): OwnerComment => ({
  id,
  status: 'pending',
  authorName: `Reader ${id}`,
  authorEmail: `${id}@example.com`,
  text: `Comment ${id}: lovely kiln.`,
  bySite: false,
  created: Date.UTC(2026, 10, 2, 12),
  moderatedOn: null,
  moderatedBy: null,
  post: { itemId: 'p1', title: 'Kiln day', url: '/journal/kiln-day' },
  ...extra,
});
const counts = (pending: number, approved = 0, spam = 0): CommentCounts => ({ pending, approved, spam });

function open(list: unknown, settings: unknown = SETTINGS) {
  const server = fakeServer()
    .once(API, () => json(200, list))
    .once(`${API}/settings`, () => json(200, settings));
  render(<CommentsPage context={context} api={createApi({ fetch: server.fetch })} />);
  return server;
}

describe("the owner's comments page", () => {
  it('lists the comments with their post, email and state, the tabs with their counts and the approval switch', async () => {
    open({ comments: [comment('c1'), comment('c2', { status: 'approved' })], nextCursor: null, counts: counts(1, 1, 3) });
    await settle();
    const tabs = screen.getByRole('navigation', { name: 'Comments by state' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All (5)', 'Waiting (1)', 'Approved (1)', 'Spam (3)']);
    const first = screen.getByRole('article', { name: 'Reader c1 on Kiln day' });
    expect(within(first).getByRole('link', { name: 'Kiln day' }).getAttribute('href')).toBe('/journal/kiln-day');
    expect(within(first).getByText('Waiting for approval')).toBeDefined();
    expect(within(first).getByText(/c1@example\.com/)).toBeDefined();
    expect(screen.getByRole('switch', { name: 'Comments need approval' })).toHaveProperty('checked', true);
    expect(live()).toBe('Showing 2 comments.');
  });

  it('approves, marks as spam, replies as the site and deletes, saying each result', async () => {
    const server = open({ comments: [comment('c1'), comment('c2')], nextCursor: null, counts: counts(2) });
    await settle();
    server.once(`${API}/c1/approve`, () => json(200, { comment: comment('c1', { status: 'approved' }), counts: counts(1, 1) }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve the comment by Reader c1' }));
    await settle();
    expect(server.to(`${API}/c1/approve`)[0]).toMatchObject({ method: 'POST' });
    expect(live()).toBe('Approved: the comment by Reader c1.');
    expect(within(screen.getByRole('article', { name: 'Reader c1 on Kiln day' })).getByText('Approved')).toBeDefined();

    server.once(`${API}/c2/spam`, () => json(200, { comment: comment('c2', { status: 'spam' }), counts: counts(0, 1, 1) }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark as spam the comment by Reader c2' }));
    await settle();
    expect(live()).toBe('Marked as spam: the comment by Reader c2.');

    fireEvent.click(screen.getByRole('button', { name: 'Reply to Reader c1' }));
    const field = screen.getByLabelText(/Reply as the site/);
    server.once(`${API}/c1/reply`, () => json(400, { code: 'VALIDATION_FAILED', error: 'x', errors: { text: 'Write a reply of at most 2000 characters.' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await settle();
    expect(screen.getByText('Write a reply of at most 2000 characters.')).toBeDefined();
    fireEvent.change(field, { target: { value: 'Thank you!' } });
    server.once(`${API}/c1/reply`, () =>
      json(201, {
        comment: comment('r1', { status: 'approved', bySite: true, authorName: 'Tessera Supply Co.', authorEmail: null, text: 'Thank you!' }),
        counts: counts(0, 2, 1),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await settle();
    expect(server.to(`${API}/c1/reply`)[1]).toMatchObject({ method: 'POST', body: { text: 'Thank you!' } });
    expect(live()).toBe('Posted your reply to the comment by Reader c1.');
    expect(screen.getByRole('article', { name: 'Tessera Supply Co. on Kiln day' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the comment by Reader c2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog.textContent).toContain('The comment by Reader c2 on Kiln day is deleted for good.');
    server.once(`${API}/c2`, () => json(200, { deleted: true, counts: counts(0, 2, 0) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await settle();
    expect(server.to(`${API}/c2`)[0]!.method).toBe('DELETE');
    expect(live()).toBe('Deleted the comment by Reader c2.');
    expect(screen.queryByRole('article', { name: 'Reader c2 on Kiln day' })).toBeNull();
  });

  it('switches the approval setting; the spam tab of the address lists spam', async () => {
    history.replaceState(null, '', '/config/comments?status=spam');
    const server = fakeServer()
      .once(`${API}?status=spam`, () => json(200, { comments: [], nextCursor: null, counts: counts(0) }))
      .once(`${API}/settings`, () => json(200, SETTINGS));
    render(<CommentsPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByRole('link', { name: 'Spam (0)' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('No spam')).toBeDefined();
    server.once(`${API}/settings`, () => json(200, { commentsEnabled: true, commentsRequireApproval: false }));
    fireEvent.click(screen.getByRole('switch', { name: 'Comments need approval' }));
    await settle();
    expect(server.to(`${API}/settings`)[1]).toMatchObject({ method: 'PUT', body: { commentsRequireApproval: false } });
    expect(live()).toBe('New comments are now published at once.');
  });
});
