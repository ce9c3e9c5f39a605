import type { Content, ContentDocument } from '../../src/pages/page-editor/calls.js';
import type { PageEditorContext } from '../../src/pages/page-editor/page.js';

/** The editor's context, as the server renders it for an editor of content. */
export const EDITOR_CONTEXT: PageEditorContext = {
  page: 'page-editor',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['openConfig', 'editContent'],
  itemId: 'item-1',
  timeZone: 'America/New_York',
};

export const CONTENT_URL = '/api/owner/content/item-1';

const hidden = { mobile: false, desktop: false };
export const section = (id: string, blocks: unknown[], columns = 1) => ({
  id,
  theme: 'default',
  width: 'wide',
  columns,
  spacing: { top: { desktop: 'medium' }, bottom: { desktop: 'medium' } },
  hidden,
  blocks,
});
export const text = (id: string, html: string) => ({ id, kind: 'text', span: 1, hidden, settings: { html } });
const button = (id: string, label: string, link = '/shop') => ({
  id,
  kind: 'button',
  span: 1,
  hidden,
  settings: { label, link, style: 'primary', size: 'medium', align: 'left', newWindow: false },
});
export const code = (id: string, html: string) => ({ id, kind: 'code', span: 1, hidden, settings: { html } });

/** A draft as the content API answers it: one section with a heading text and a button, revision 7. */
export function content(
  extra: Partial<Content> = {},
  sections: unknown[] = [section('s-1', [text('b-1', '<h2>Workshops</h2>'), button('b-2', 'Book now')])],
): Content {
  const document = { title: 'Workshops', excerpt: '', sections } as unknown as ContentDocument;
  return {
    itemId: 'item-1',
    collectionId: 'c-workshops',
    kind: 'page',
    title: 'Workshops',
    url: '/workshops',
    status: 'draft',
    statusLabel: 'Draft',
    publishOn: null,
    published: null,
    draft: { revision: 7, document, updatedOn: '2026-11-26T10:00:00.000Z', updatedBy: { id: 'a-1', name: 'Owner' } },
    editors: [],
    canEditCode: true,
    ...extra,
  };
}
