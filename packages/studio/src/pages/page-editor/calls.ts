// The page editor's calls: the content API (docs/owner-api.md "Page content") on the one API client,
// and the live preview, which answers a page of HTML rather than JSON and is aborted when a newer
// change makes it stale, on the page's own fetch.
import type { LayoutSection } from '@tessera/core/layout';
import { type Api, ApiError, readCrumb } from '@tessera/core/api-client';

/** Where an event happens: the spec's location fields. */
export interface EventLocation {
  readonly addressTitle: string;
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly addressCountry: string;
  readonly mapLat: number | null;
  readonly mapLng: number | null;
}

/**
 * What the editor edits: the item's title, excerpt and sections (Layout.sections); a post's and an
 * event's own fields besides (a page has none of them).
 */
export interface ContentDocument {
  readonly title: string;
  readonly excerpt: string;
  readonly sections: readonly LayoutSection[];
  readonly mainImage?: { readonly asset: string | null; readonly alt: string };
  readonly tags?: readonly string[];
  readonly categories?: readonly string[];
  readonly author?: { readonly id: string | null; readonly name: string } | null;
  readonly commentsOn?: boolean;
  /** An event's start and end, epoch ms (an ISO string with its offset is taken too). */
  readonly startDate?: number | string | null;
  readonly endDate?: number | string | null;
  readonly timeZone?: string;
  readonly location?: EventLocation;
}

/** A staff account the editor offers as a post's author. */
export interface Author {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface Person {
  readonly id: string;
  readonly name: string;
}

export interface Content {
  itemId: string;
  collectionId: string;
  kind: 'page' | 'post' | 'event';
  title: string;
  url: string;
  status: string;
  statusLabel?: string | null;
  publishOn: string | number | null;
  published: { revision: number; document: ContentDocument } | null;
  draft: { revision: number; document: ContentDocument; updatedOn: string | number; updatedBy: Person } | null;
  editors: Person[];
  canEditCode: boolean;
}

export interface SavedDraft {
  revision: number;
  document: ContentDocument;
  updatedOn: string | number;
  warnings?: { path: string; message: string }[];
}

export interface Revision {
  revision: number;
  publishedOn: string | number;
  publishedBy: Person | null;
}

const path = (itemId: string, rest = '') => `/api/owner/content/${encodeURIComponent(itemId)}${rest}`;

export const contentCalls = (api: Api) => ({
  read: (itemId: string) => api<Content>('GET', path(itemId)),
  saveDraft: (itemId: string, baseRevision: number | null, document: ContentDocument) =>
    api<SavedDraft>('PUT', path(itemId, '/draft'), { baseRevision, document }),
  publish: (itemId: string, baseRevision: number | null, publishOn?: string) =>
    api<{ status: 'published' | 'scheduled'; publishOn: string | number | null; revision: number }>(
      'POST',
      path(itemId, '/publish'),
      publishOn ? { baseRevision, publishOn } : { baseRevision },
    ),
  unpublish: (itemId: string) => api<{ status: 'draft' }>('POST', path(itemId, '/unpublish'), {}),
  revisions: (itemId: string) => api<{ revisions: Revision[] }>('GET', path(itemId, '/revisions')),
  restore: (itemId: string, revision: number, baseRevision: number | null) =>
    api<SavedDraft>('POST', path(itemId, `/revisions/${revision}/restore`), { baseRevision }),
  presence: (itemId: string) => api<{ editors: Person[] }>('POST', path(itemId, '/presence'), {}),
  authors: () => api<{ authors: Author[] }>('GET', '/api/owner/content/authors'),
});

export type ContentCalls = ReturnType<typeof contentCalls>;

/** A choice of the site's: a collection for a summary, a product, a form. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

export interface SiteChoices {
  collections: Choice[] | null;
  products: Choice[] | null;
  forms: Choice[] | null;
}

interface NavNode {
  kind: string;
  title: string;
  urlId?: string;
  typeName?: string;
  children?: NavNode[];
}

const collectionsOf = (nodes: NavNode[] = []): Choice[] =>
  nodes.flatMap((n) => [
    ...(n.kind === 'collection' && n.urlId ? [{ value: n.urlId, label: n.typeName ? `${n.title} (${n.typeName})` : n.title }] : []),
    ...collectionsOf(n.children),
  ]);

/**
 * What the block settings offer to choose from. Each list is null when the account may not read it
 * (the products' choices need manageProducts): the field is then typed by hand.
 */
export async function siteChoices(api: Api): Promise<SiteChoices> {
  const [pages, choices] = await Promise.all([
    api<{ main: NavNode[]; footer: NavNode[]; notLinked: NavNode[] }>('GET', '/api/owner/pages'),
    api<{ products: { ref: string; title: string }[]; forms: { id: string; name: string }[] }>('GET', '/api/owner/products/choices'),
  ]);
  return {
    collections: pages.ok ? collectionsOf([...pages.data.main, ...pages.data.footer, ...pages.data.notLinked]) : null,
    products: choices.ok ? choices.data.products.map((p) => ({ value: p.ref, label: p.title })) : null,
    forms: choices.ok ? choices.data.forms.map((f) => ({ value: f.id, label: f.name })) : null,
  };
}

export type PreviewResult = { ok: true; html: string } | ApiError;

/**
 * The real page rendered by the site's theme from the unsaved document. `signal` aborts a preview a
 * newer change has made stale; an aborted call resolves with a network ApiError the caller ignores.
 */
export async function fetchPreview(itemId: string, document: ContentDocument, signal?: AbortSignal): Promise<PreviewResult> {
  const headers: Record<string, string> = { Accept: 'text/html', 'Content-Type': 'application/json' };
  const crumb = readCrumb();
  if (crumb) headers['X-CSRF-Token'] = crumb;
  try {
    const res = await fetch(path(itemId, '/preview'), {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify({ document }),
      signal,
    });
    if (res.ok) return { ok: true, html: await res.text() };
    return new ApiError(res.status, await res.json().catch(() => null));
  } catch {
    return new ApiError(0, null);
  }
}
