// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { linksMessage } from '@tessera/core/layout';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PageEditorPage from '../../src/pages/page-editor/page.js';
import { swapLayout } from '../../src/pages/page-editor/preview-swap.js';
import { fakeServer, json } from '../helpers.js';
import { CONTENT_URL, code, content, EDITOR_CONTEXT, section, text } from './page-editor-fixtures.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom lays nothing out: ProseMirror asks where the selection is to scroll it into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
(Text.prototype as unknown as { getClientRects?: () => DOMRectList }).getClientRects ??= noRects;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => history.replaceState(null, '', '/config/pages/item-1/edit'));

type Server = ReturnType<typeof fakeServer>;
type Draft = {
  baseRevision: number | null;
  document: { title: string; sections: { id: string; blocks: { id: string; kind: string; settings: Record<string, unknown> }[] }[] };
};

const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });
const html = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
const PAGE = (inner: string) =>
  `<!doctype html><html><head><title>Workshops</title></head><body><main><div class="page-layout" data-layout>${inner}</div></main></body></html>`;

/** The editor on a fake server: the page's fetch (the preview's too) answers from it. */
async function show(server: Server) {
  vi.stubGlobal('fetch', server.fetch);
  render(<PageEditorPage context={EDITOR_CONTEXT} api={createApi({ fetch: server.fetch })} />);
  await settle();
}
const withContent = (c = content()) => fakeServer().once(CONTENT_URL, () => json(200, c));
const saves = (server: Server) => server.requests.filter((r) => r.url === `${CONTENT_URL}/draft` && r.method === 'PUT').map((r) => r.body as Draft);
/** A button pressed as in a browser: it takes the focus, which a dialog gives back to it when it closes. */
const press = (name: string) => {
  const target = screen.getByRole('button', { name });
  target.focus();
  fireEvent.click(target);
};
const items = () => screen.getAllByRole('treeitem').map((t) => t.textContent?.replace('⋮⋮', '').trim());
const item = (name: RegExp) => screen.getAllByRole('treeitem').find((t) => name.test(t.textContent ?? ''))!;
const saved = (server: Server, revision: number) =>
  server.once(`${CONTENT_URL}/draft`, (r) =>
    json(200, { revision, document: (r.body as Draft).document, updatedOn: '2026-11-26T10:01:00.000Z', warnings: [] }),
  );

describe("the page editor's outline", () => {
  it('adds a block from the picker after the selected one and autosaves the draft with its base revision', async () => {
    const server = withContent();
    saved(server, 8);
    await show(server);
    expect(items()).toEqual(['Section 1', 'Text: Workshops', 'Button: Book now']);
    fireEvent.click(item(/^⋮⋮Text/));
    press('Add block');
    const picker = screen.getByRole('dialog', { name: 'Add a block' });
    // Every kind of core's BLOCK_KINDS, with its description.
    expect(within(picker).getAllByRole('button').length).toBe(19);
    expect(within(picker).getByRole('button', { name: /^Chart/ }).textContent).toBe('Chart A bar, line or pie chart from a small table.');
    fireEvent.click(within(picker).getByRole('button', { name: /^Quote / }));
    expect(items()).toEqual(['Section 1', 'Text: Workshops', 'Quote', 'Button: Book now']);
    expect(screen.getByRole('heading', { name: 'Quote block' })).toBeDefined();
    expect(screen.getByText('Block added.')).toBeDefined();
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    const body = saves(server)[0]!;
    expect(body.baseRevision).toBe(7);
    expect(body.document.sections[0]!.blocks.map((b) => b.kind)).toEqual(['text', 'quote', 'button']);
    await waitFor(() => expect(screen.getByText('Saved')).toBeDefined());
  });

  it('moves the selected block with Alt+ArrowUp, says where, and keeps the focus on it', async () => {
    const server = withContent();
    await show(server);
    // The focus selects (a single-select tree): the keys act on what has it.
    act(() => item(/Book now/).focus());
    expect(item(/Book now/).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(item(/Book now/), { key: 'ArrowUp', altKey: true });
    expect(items()).toEqual(['Section 1', 'Button: Book now', 'Text: Workshops']);
    expect(screen.getByText('Moved to place 1 of 2 in section 1.')).toBeDefined();
    await settle();
    expect(document.activeElement?.textContent).toContain('Book now');
    // Arrows go from item to item; Delete asks before removing.
    fireEvent.keyDown(item(/Book now/), { key: 'ArrowDown' });
    expect(item(/Workshops/).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(item(/Workshops/), { key: 'Delete' });
    const ask = screen.getByRole('dialog', { name: 'Delete this block?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete block' }));
    expect(items()).toEqual(['Section 1', 'Button: Book now']);
  });

  it('refuses a 61st block with the limit message of core, before anything is added', async () => {
    const sixty = Array.from({ length: 60 }, (_, i) => text(`b-${i}`, `<p>Block ${i}</p>`));
    const server = withContent(content({}, [section('s-1', sixty)]));
    await show(server);
    press('Add block');
    const picker = screen.getByRole('dialog', { name: 'Add a block' });
    expect(within(picker).getByRole('alert').textContent).toBe('A layout holds at most 60 blocks; this one has 61.');
    fireEvent.click(within(picker).getByRole('button', { name: /^Text / }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(61);
    // Duplicating is refused the same way.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(item(/Block 3$/));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(61);
    expect(screen.getByRole('alert').textContent).toBe('A layout holds at most 60 blocks; this one has 61.');
  });
});

describe("the page editor's settings and history", () => {
  it('edits rich text with the toolbar, and undoes and redoes every change (typing in one field is one step)', async () => {
    const server = withContent(content({}, [section('s-1', [text('b-1', '<p>Hello</p>')])]));
    saved(server, 8);
    await show(server);
    fireEvent.click(item(/Hello/));
    const toolbar = await screen.findByRole('toolbar', { name: 'Text: formatting' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(item(/Hello/).textContent).toContain('Text: Hello'));
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    expect(saves(server)[0]!.document.sections[0]!.blocks[0]!.settings.html).toBe('<h2>Hello</h2>');
    // Undo reaches into the rich text editor, and redo brings the heading back.
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(document.querySelector('.rich-text-area')!.innerHTML).toBe('<p>Hello</p>'));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(document.querySelector('.rich-text-area')!.innerHTML).toBe('<h2>Hello</h2>'));

    // A new block's field: three keystrokes, one undo step.
    press('Add block');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Quote / }));
    const quote = screen.getByRole('textbox', { name: 'Quote' }) as HTMLTextAreaElement;
    for (const v of ['N', 'No', 'Now']) fireEvent.change(quote, { target: { value: v } });
    expect(items()).toContain('Quote: Now');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect((screen.getByRole('textbox', { name: 'Quote' }) as HTMLTextAreaElement).value).toBe('');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(items()).toEqual(['Section 1', 'Text: Hello']);
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(items()).toEqual(['Section 1', 'Text: Hello', 'Quote']);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(items()).toEqual(['Section 1', 'Text: Hello', 'Quote: Now']);
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(screen.getByRole('button', { name: 'Redo' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts from the published version when there is no draft, and saves the first draft from its revision', async () => {
    const published = content();
    const server = withContent({
      ...published,
      status: 'published',
      statusLabel: null,
      draft: null,
      published: { revision: 5, document: published.draft!.document },
    });
    saved(server, 6);
    await show(server);
    expect(items()).toEqual(['Section 1', 'Text: Workshops', 'Button: Book now']);
    fireEvent.click(item(/Book now/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Book' } });
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    expect(saves(server)[0]!.baseRevision).toBe(5);
  });

  it("sets a section's spacing and visibility per screen size, a phone falling back to the desktop's value", async () => {
    const server = withContent();
    saved(server, 8);
    await show(server);
    fireEvent.click(item(/^⋮⋮Section 1/));
    const above = within(screen.getByRole('group', { name: 'Space above' }));
    expect((above.getByRole('combobox', { name: 'On a phone' }) as HTMLSelectElement).value).toBe('');
    fireEvent.change(above.getByRole('combobox', { name: 'On a phone' }), { target: { value: 'large' } });
    fireEvent.change(above.getByRole('combobox', { name: 'On a desktop' }), { target: { value: 'small' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide on desktops' }));
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    const sent = saves(server)[0]!.document.sections[0] as unknown as { spacing: unknown; hidden: unknown };
    expect(sent.spacing).toEqual({ top: { desktop: 'small', mobile: 'large' }, bottom: { desktop: 'medium' } });
    expect(sent.hidden).toEqual({ mobile: false, desktop: true });
  });

  it("shows a 400's error beside the field of the block its path names, and marks the block in the outline", async () => {
    const server = withContent().once(`${CONTENT_URL}/draft`, () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        error: 'One or more fields is invalid, please check your entries.',
        errors: { 'sections[0].blocks[1].settings.link': linksMessage() },
      }),
    );
    await show(server);
    fireEvent.click(item(/Book now/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Book a place' } });
    await waitFor(() => expect(screen.getByText('Not saved: One or more fields is invalid, please check your entries.')).toBeDefined(), { timeout: 3000 });
    const link = screen.getByRole('textbox', { name: 'Link' });
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)!.textContent).toBe('Links must be formatted as https://example.com or /about');
    expect(item(/Book a place/).textContent).toContain('Has an error');
    // The browser checks links too: a bad one is marked at once and not sent.
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    expect(screen.getByRole('textbox', { name: 'Link' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says so in a dialog when someone saved a newer draft, and Reload brings theirs while undo keeps mine', async () => {
    const message = 'Ada Lovelace saved a newer version of this page at 10:02. Reload it to see their changes; yours are kept in this window.';
    const theirs = content({}, [section('s-1', [text('b-1', '<h2>Their heading</h2>')])]);
    theirs.draft!.revision = 9;
    const server = withContent()
      .once(`${CONTENT_URL}/draft`, () =>
        json(409, {
          code: 'DRAFT_CONFLICT',
          error: message,
          data: { message },
          draft: { revision: 9, updatedOn: 1, updatedBy: { id: 'a-2', name: 'Ada Lovelace' } },
        }),
      )
      .once(CONTENT_URL, () => json(200, theirs));
    await show(server);
    fireEvent.click(item(/Book now/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Mine' } });
    const dialog = await screen.findByRole('dialog', { name: 'This page was changed elsewhere' }, { timeout: 3000 });
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(screen.getByText('Not saved: someone else saved a newer version.')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await settle();
    expect(items()).toEqual(['Section 1', 'Text: Their heading']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(items()).toEqual(['Section 1', 'Text: Workshops', 'Button: Mine']);
    // The next save is based on their revision.
    saved(server, 10);
    await waitFor(() => expect(saves(server).at(-1)!.baseRevision).toBe(9), { timeout: 3000 });
  });

  it('shows the spec’s message instead of the code field on Android, and a read-only field without editCode', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' });
    const server = withContent(content({ canEditCode: false }, [section('s-1', [code('b-1', '<b>hi</b>')])]));
    await show(server);
    fireEvent.click(item(/Code/));
    expect(screen.getByText('Code editing is not available on Android.')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'HTML' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    await show(withContent(content({ canEditCode: false }, [section('s-1', [code('b-1', '<b>hi</b>')])])));
    fireEvent.click(item(/Code/));
    expect(screen.getByRole('textbox', { name: 'HTML' }).hasAttribute('readonly')).toBe(true);
  });

  it("offers the site's collections for a summary, and says so when they could not be read, leaving the field to be typed", async () => {
    const summary = { id: 'b-1', kind: 'summary', span: 1, hidden: { desktop: false, mobile: false }, settings: { collection: '', limit: 3, columns: 3 } };
    const pages = { main: [{ kind: 'collection', urlId: 'journal', title: 'Journal', typeName: 'Blog', children: [] }], footer: [], notLinked: [] };
    await show(withContent(content({}, [section('s-1', [summary])])).once('/api/owner/pages', () => json(200, pages)));
    fireEvent.click(item(/Summary/));
    const select = screen.getByRole('combobox', { name: 'Collection' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Journal (Blog)']);
    cleanup();
    await show(withContent(content({}, [section('s-1', [summary])])).once('/api/owner/pages', () => json(500, { error: 'Boom', code: 'INTERNAL' })));
    fireEvent.click(item(/Summary/));
    const typed = screen.getByRole('textbox', { name: 'Collection' });
    expect(screen.getByText('Unable to load collections').id).toBe(typed.getAttribute('aria-describedby'));
  });

  it('publishes the saved draft with its revision, and tells who else is editing', async () => {
    const server = withContent(content({ editors: [{ id: 'a-2', name: 'Ada Lovelace' }] }))
      .once(`${CONTENT_URL}/presence`, () => json(200, { editors: [{ id: 'a-2', name: 'Ada Lovelace' }] }))
      .once(`${CONTENT_URL}/publish`, () => json(200, { status: 'published', publishOn: '2026-11-26T10:05:00.000Z', revision: 3 }));
    await show(server);
    expect(screen.getByText('Ada Lovelace is also editing this page.')).toBeDefined();
    expect(server.to(`${CONTENT_URL}/presence`)[0]!.method).toBe('POST');
    expect(screen.getByText('Draft')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await settle();
    expect(server.to(`${CONTENT_URL}/publish`)[0]!.body).toEqual({ baseRevision: 7 });
    expect(screen.getByText('Published.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeDefined();
    // The draft went with the publication: the next change starts one from the published version.
    saved(server, 4);
    fireEvent.click(item(/Book now/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Book' } });
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    expect(saves(server)[0]!.baseRevision).toBe(3);
  });
});

describe("the page editor's publication", () => {
  it("schedules at a date and time of the site's time zone, sent as an instant", async () => {
    const server = withContent().once(`${CONTENT_URL}/publish`, () => json(200, { status: 'scheduled', publishOn: '2030-01-15T14:30:00.000Z', revision: 3 }));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule publication' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-01-15' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await settle();
    // 09:30 in New York in January is 14:30 UTC.
    expect(server.to(`${CONTENT_URL}/publish`)[0]!.body).toEqual({ baseRevision: 7, publishOn: '2030-01-15T14:30:00.000Z' });
    expect(screen.getByText('Scheduled.')).toBeDefined();
    expect(screen.getByText('Jan 15, 2030, 9:30 AM')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('restores a published version into the draft only after the owner confirms, and undo brings the draft back', async () => {
    const old = content({}, [section('s-1', [text('b-9', '<p>Old words</p>')])]).draft!.document;
    const server = withContent()
      .once(`${CONTENT_URL}/revisions`, () =>
        json(200, { revisions: [{ revision: 2, publishedOn: '2026-11-20T15:00:00.000Z', publishedBy: { id: 'a-2', name: 'Ada Lovelace' } }] }),
      )
      .once(`${CONTENT_URL}/revisions/2/restore`, () => json(200, { revision: 8, document: old, updatedOn: '2026-11-26T10:03:00.000Z' }));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Published versions' });
    expect(within(dialog).getByText('Version 2, Nov 20, 2026, 10:00 AM by Ada Lovelace')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore…' }));
    expect(server.to(`${CONTENT_URL}/revisions/2/restore`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore version 2' }));
    await settle();
    expect(server.to(`${CONTENT_URL}/revisions/2/restore`)[0]!.body).toEqual({ baseRevision: 7 });
    expect(items()).toEqual(['Section 1', 'Text: Old words']);
    expect(screen.getByText('Version 2 restored into the draft.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(items()).toEqual(['Section 1', 'Text: Workshops', 'Button: Book now']);
  });
});

describe("the page editor's live preview", () => {
  it('renders the unsaved document on the server, then asks again with each change', async () => {
    const server = withContent()
      .once(`${CONTENT_URL}/preview`, () => html(200, PAGE('<section data-section-id="s-1"></section>')))
      .once(`${CONTENT_URL}/preview`, () => html(200, PAGE('<section data-section-id="s-1"></section>')));
    await show(server);
    await waitFor(() => expect(server.to(`${CONTENT_URL}/preview`)).toHaveLength(1));
    const first = server.to(`${CONTENT_URL}/preview`);
    expect((first[0]!.body as Draft).document.sections[0]!.blocks.map((b) => b.id)).toEqual(['b-1', 'b-2']);
    expect(screen.getByTitle('Preview at desktop width').getAttribute('srcdoc')).toContain('data-layout');
    fireEvent.click(item(/Book now/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Book' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Book a seat' } });
    await waitFor(() => expect(server.to(`${CONTENT_URL}/preview`)).toHaveLength(2));
    // Only the last of quick changes is rendered.
    expect((server.to(`${CONTENT_URL}/preview`)[1]!.body as Draft).document.sections[0]!.blocks[1]!.settings.label).toBe('Book a seat');
    fireEvent.click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByTitle('Preview at phone width')).toBeDefined();
  });

  it("swaps only the frame's layout, keeping the rest of the page", () => {
    const frame = new DOMParser().parseFromString(PAGE('<div data-block-id="b-1">Old</div>'), 'text/html');
    const title = frame.querySelector('title');
    expect(swapLayout(frame, PAGE('<div data-block-id="b-1">New</div><div data-block-id="b-2">Two</div>'))).toBe(true);
    expect(frame.querySelector('[data-layout]')!.textContent).toBe('NewTwo');
    expect(frame.querySelector('title')).toBe(title);
    expect(swapLayout(frame, '<html><body>No layout</body></html>')).toBe(false);
  });
});
