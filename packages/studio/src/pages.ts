// The studio's pages, found by convention: each folder of src/pages/ holds one page, its `meta.ts`
// (address, title, place in the navigation, the permission it needs) and its `page.tsx` (the page,
// loaded only when it is the one shown). No list of pages is kept by hand: a new folder is a new page.
import type { ComponentType } from 'react';
import type { Api } from '@tessera/core/api-client';
import type { StudioContext } from './context.js';

export interface PageMeta {
  /** Its address, under /config/ (the server's route for it declares the same permission). */
  readonly path: string;
  /** The page's heading, its entry in the navigation and its document title. */
  readonly title: string;
  /** The permission of ROLE_MATRIX (docs/roles.md) an account needs to open it; null: anyone (the sign-in). */
  readonly permission: string | null;
  /** Its place in the navigation, smallest first; absent: not listed (the sign-in). */
  readonly nav?: number;
  /** false: drawn without the navigation frame (the sign-in page). */
  readonly frame?: boolean;
}

export interface PageProps<C extends StudioContext = StudioContext> {
  readonly context: C;
  readonly api: Api;
}

export type PageModule = { default: ComponentType<PageProps> };

export interface StudioPage extends PageMeta {
  /** The page's folder name, which the server names in the page's context. */
  readonly name: string;
}

/** The pages of a set of meta modules (keys `./pages/<name>/meta.ts`), in navigation order. */
export function pagesOf(metas: Record<string, { meta: PageMeta }>): StudioPage[] {
  return Object.entries(metas)
    .map(([file, { meta }]) => ({ ...meta, name: /\/pages\/([^/]+)\/meta\.ts$/.exec(file)![1]! }))
    .sort((a, b) => (a.nav ?? Infinity) - (b.nav ?? Infinity) || a.title.localeCompare(b.title));
}

/** What the navigation lists: the pages with a place in it whose permission the account holds. */
export function navigablePages(pages: readonly StudioPage[], permissions: readonly string[] = []): StudioPage[] {
  return pages.filter((p) => p.nav !== undefined && (p.permission === null || permissions.includes(p.permission)));
}

/** Every page of this build: its meta files are small and read at once; each page's code stays in its own chunk. */
export const PAGES: readonly StudioPage[] = pagesOf(import.meta.glob<{ meta: PageMeta }>('./pages/*/meta.ts', { eager: true }));

/** The loaders of the pages' code, by folder name. */
const loaders = import.meta.glob<PageModule>('./pages/*/page.tsx');
export function pageLoader(name: string): (() => Promise<PageModule>) | undefined {
  return loaders[`./pages/${name}/page.tsx`];
}
