// @vitest-environment jsdom
// The moderation list that the comments and reviews pages share, on a queue of its own (notes that
// wait to be approved), so that what it does is tested once: the tabs kept in the address with their
// counts, Load more, the card's action row and its reply form, the confirmation before a deletion,
// and the empty and error states. The pages' own tests keep their words and their calls.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type Api, createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmptyState } from '../../src/ui/list-parts.js';
import { ApprovalSwitch, ModerationCard, ModerationList, StatusTabs } from '../../src/ui/moderation-list.js';
import type { CursorPage } from '../../src/ui/address-list.js';
import { replaced, useModerationQueue } from '../../src/ui/moderation-queue.js';
import { fakeServer, json, live, settle } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/notes'));

type NoteStatus = 'waiting' | 'approved';
interface Note {
  id: string;
  status: NoteStatus;
  author: string;
  text: string;
  reply: string | null;
}
type Counts = Record<NoteStatus, number>;

const API = '/api/notes';
const note = (id: string, extra: Partial<Note> = {}): Note => ({ id, status: 'waiting', author: `Writer ${id}`, text: `Note ${id}`, reply: null, ...extra });
const page = (items: Note[], nextCursor: string | null = null, counts: Counts = { waiting: items.length, approved: 0 }): CursorPage<Note, Counts> => ({
  items,
  nextCursor,
  counts,
});
const tabOf = (search: string): NoteStatus | '' => {
  const s = new URLSearchParams(search).get('status');
  return s === 'waiting' || s === 'approved' ? s : '';
};

/** A page as the comments and reviews pages build theirs from the shared pieces. */
function NotesPage({ api }: { api: Api }) {
  const queue = useModerationQueue({
    path: '/config/notes',
    fromSearch: tabOf,
    searchOf: (tab: NoteStatus | '') => (tab ? `?status=${tab}` : ''),
    list: (tab, cursor) => {
      const q = new URLSearchParams();
      if (tab) q.set('status', tab);
      if (cursor) q.set('cursor', cursor);
      return api<CursorPage<Note, Counts>>('GET', q.size ? `${API}?${q}` : API);
    },
    settings: () => api<{ notesWait: boolean }>('GET', `${API}/settings`),
  });
  const { query: tab, state, say, run } = queue;
  const changed = (id: string, after: Note | null) => queue.change((s) => ({ ...s, items: replaced(s.items, id, after, (n) => !tab || n.status === tab) }));
  const approve = async (n: Note) => {
    const answer = await run(n.id, () => api<Note>('POST', `${API}/${n.id}/approve`));
    if (!answer.ok) return say(answer.message);
    changed(n.id, answer.data);
    say(`Approved ${n.author}.`);
  };
  const reply = async (n: Note, text: string) => {
    const answer = await run(n.id, () => api<Note>('PUT', `${API}/${n.id}/reply`, { text }));
    if (!answer.ok) return answer.fieldErrors.text ?? answer.message;
    changed(n.id, answer.data);
    return null;
  };
  const remove = async (n: Note) => {
    const answer = await run(n.id, () => api<null>('DELETE', `${API}/${n.id}`));
    if (!answer.ok) {
      say(answer.message);
      return false;
    }
    changed(n.id, null);
    say(`Deleted ${n.author}.`);
    return true;
  };
  return (
    <>
      <ApprovalSwitch
        settings={queue.settings}
        label="Notes wait"
        loading="Loading the note setting…"
        hintId="note-hint"
        isOn={(s) => s.notesWait}
        hint={(s) => (s.notesWait ? 'Waiting.' : 'Shown at once.')}
        onChange={() => {}}
      />
      <StatusTabs
        label="Notes by state"
        tabs={[
          ['waiting', 'Waiting'],
          ['approved', 'Approved'],
          ['', 'All'],
        ]}
        current={tab}
        counts={state.status === 'ready' ? state.counts : null}
        hrefOf={(status) => `/config/notes${status ? `?status=${status}` : ''}`}
        onTab={queue.onQuery}
      />
      <ModerationList
        language="en-US"
        state={state}
        message={queue.message}
        busy={queue.busy}
        loading="Loading notes…"
        noun={['note', 'notes']}
        empty={
          <EmptyState title="No notes">
            <p className="empty">Notes show here.</p>
          </EmptyState>
        }
        more="Load more notes"
        card={(n, own) => (
          <ModerationCard
            className="review-card"
            data={{ 'data-note-id': n.id }}
            heading={n.author}
            subject={{ title: 'A page', url: null }}
            status={n.status === 'waiting' ? ['Waiting', 'warn'] : ['Approved', 'good']}
            meta="today"
            author={n.author}
            what={`the note by ${n.author}`}
            actions={n.status === 'waiting' ? [{ label: 'Approve', primary: true, run: () => approve(n) }] : []}
            reply={{
              button: n.reply ? 'Edit reply' : 'Reply',
              label: 'Reply as the site',
              hint: 'shown under the note',
              submit: 'Save reply',
              saved: n.reply,
              send: (text) => reply(n, text),
            }}
            {...own}>
            <p>{n.text}</p>
          </ModerationCard>
        )}
        confirm={{ title: 'Delete this note?', button: 'Delete note', text: (n) => `The note by ${n.author} is deleted for good.` }}
        onMore={queue.onMore}
        onRetry={queue.onRetry}
        onDelete={remove}
      />
    </>
  );
}

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Notes by state' }))
    .getAllByRole('link')
    .map((a) => `${a.textContent}${a.getAttribute('aria-current') ? ' *' : ''}`);

function open(first: unknown, url = API) {
  const server = fakeServer()
    .once(url, () => json(200, first))
    .once(`${API}/settings`, () => json(200, { notesWait: true }));
  render(<NotesPage api={createApi({ fetch: server.fetch })} />);
  return server;
}

describe('the moderation list', () => {
  it('reads its tab from the address and writes a chosen one there; the tabs count each state and All their sum; Back brings the previous tab', async () => {
    history.replaceState(null, '', '/config/notes?status=waiting');
    const server = open(page([note('n1')], null, { waiting: 1, approved: 4 }), `${API}?status=waiting`);
    expect(live()).toBe('Loading notes…');
    await settle();
    expect(tabs()).toEqual(['Waiting (1) *', 'Approved (4)', 'All (5)']);
    expect(screen.getByRole('link', { name: 'Approved (4)' }).getAttribute('href')).toBe('/config/notes?status=approved');
    expect(screen.getByRole('switch', { name: 'Notes wait' })).toHaveProperty('checked', true);
    expect(live()).toBe('Showing 1 note.');

    server.once(`${API}?status=approved`, () =>
      json(200, page([note('n2', { status: 'approved' }), note('n3', { status: 'approved' })], null, { waiting: 1, approved: 4 })),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Approved (4)' }));
    await settle();
    expect(location.search).toBe('?status=approved');
    expect(tabs()).toEqual(['Waiting (1)', 'Approved (4) *', 'All (5)']);
    expect(live()).toBe('Showing 2 notes.');

    server.once(`${API}?status=waiting`, () => json(200, page([note('n1')])));
    history.back();
    await settle();
    expect(location.search).toBe('?status=waiting');
    expect(screen.getByRole('article', { name: 'Writer n1 A page' })).toBeDefined();
  });

  it('loads more with the cursor, after the notes it shows; a failed page says why beside the button and may be asked again', async () => {
    const server = open(page([note('n1')], 'c2'));
    await settle();
    expect(live()).toBe('Showing 1 note, more to load.');
    server.once(`${API}?cursor=c2`, () => json(500, { code: 'INTERNAL', error: 'Something went wrong on our side.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more notes' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side.');
    server.once(`${API}?cursor=c2`, () => json(200, page([note('n2')], null)));
    fireEvent.click(screen.getByRole('button', { name: 'Load more notes' }));
    await settle();
    expect(server.to(`${API}?cursor=c2`)).toHaveLength(2);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-note-id'))).toEqual(['n1', 'n2']);
    expect(live()).toBe('Showing 2 notes.');
    expect(screen.queryByRole('button', { name: 'Load more notes' })).toBeNull();
  });

  it('runs an action with the card’s buttons disabled; a note leaving its tab takes it away and the focus goes to the result', async () => {
    history.replaceState(null, '', '/config/notes?status=waiting');
    let answer: (r: Response) => void = () => {};
    const server = open(page([note('n1'), note('n2')]), `${API}?status=waiting`);
    await settle();
    server.once(`${API}/n1/approve`, () => new Promise<Response>((r) => (answer = r)));
    const approve = screen.getByRole('button', { name: 'Approve the note by Writer n1' });
    approve.focus();
    fireEvent.click(approve);
    await settle();
    const card = screen.getByRole('article', { name: 'Writer n1 A page' });
    expect(within(card).getByRole('button', { name: 'Delete the note by Writer n1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete the note by Writer n2' })).toHaveProperty('disabled', false);
    answer(json(200, note('n1', { status: 'approved' })));
    await settle();
    expect(screen.queryByRole('article', { name: 'Writer n1 A page' })).toBeNull();
    expect(live()).toBe('Approved Writer n1.');
    // Once the button that had the focus is gone.
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('replies in place: the field error shows beside the field, a saved reply under the note; the focus comes back to the button', async () => {
    const server = open(page([note('n1')]));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Writer n1' }));
    const field = screen.getByLabelText(/Reply as the site/);
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('form', { name: 'Reply to Writer n1' })).toBeDefined();
    server.once(`${API}/n1/reply`, () => json(400, { code: 'VALIDATION_FAILED', error: 'x', errors: { text: 'Write a shorter reply.' } }));
    fireEvent.change(field, { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await settle();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Write a shorter reply.');
    server.once(`${API}/n1/reply`, () => json(200, note('n1', { reply: 'Thanks!' })));
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await settle();
    expect(server.to(`${API}/n1/reply`)[1]).toMatchObject({ method: 'PUT', body: { text: 'Thanks!' } });
    expect(screen.getByText('Your reply').nextElementSibling?.textContent).toBe('Thanks!');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit reply to Writer n1' }));
    // Editing opens with the saved reply; Cancel sends nothing and gives the focus back.
    fireEvent.click(screen.getByRole('button', { name: 'Edit reply to Writer n1' }));
    expect(screen.getByLabelText(/Reply as the site/)).toHaveProperty('value', 'Thanks!');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.to(`${API}/n1/reply`)).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit reply to Writer n1' }));
  });

  it('deletes only after its confirmation: Keep it has the focus and sends nothing; a refused deletion keeps the dialog open', async () => {
    const server = open(page([note('n1')]));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the note by Writer n1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this note?' });
    expect(within(dialog).getByText('The note by Writer n1 is deleted for good.')).toBeDefined();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.to(`${API}/n1`)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete the note by Writer n1' }));
    server.once(`${API}/n1`, () => json(500, { code: 'INTERNAL', error: 'Something went wrong on our side.' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete note' }));
    await settle();
    expect(live()).toBe('Something went wrong on our side.');
    expect(screen.getByRole('dialog')).toBeDefined();
    server.once(`${API}/n1`, () => json(200, null));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete note' }));
    await settle();
    expect(server.to(`${API}/n1`).map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(live()).toBe('Deleted Writer n1.');
    expect(screen.getByText('No notes')).toBeDefined();
  });

  it('says why the list could not be read, and reads it again on Try again', async () => {
    const server = fakeServer()
      .once(API, () => json(500, { code: 'INTERNAL', error: 'Something went wrong on our side.' }))
      .once(`${API}/settings`, () => json(500, { code: 'INTERNAL', error: 'The setting could not be read.' }))
      .once(API, () => json(200, page([])));
    render(<NotesPage api={createApi({ fetch: server.fetch })} />);
    await settle();
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('Something went wrong on our side.');
    expect(screen.getByText('The setting could not be read.')).toBeDefined();
    fireEvent.click(within(box).getByRole('button', { name: 'Try again' }));
    await settle();
    expect(server.to(API)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No notes')).toBeDefined();
    expect(live()).toBe('');
  });
});
