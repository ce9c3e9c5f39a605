// The pages page's calls (docs/owner-api.md "Pages and navigation") on the one API client.
import type { Api } from '@tessera/core/api-client';

export type ListName = 'main' | 'footer' | 'notLinked';
export const LIST_NAMES: readonly ListName[] = ['main', 'footer', 'notLinked'];

export interface PageNode {
  key: string;
  kind: 'page' | 'collection' | 'folder' | 'link';
  title: string;
  urlId?: string;
  url?: string;
  typeName?: string;
  collectionId?: string;
  itemId?: string;
  hidden: boolean;
  isHome: boolean;
  status?: string;
  statusLabel?: string;
  folderBehavior?: number;
  children?: PageNode[];
}

export type Lists = Record<ListName, PageNode[]>;
export interface PagesTree extends Lists {
  revision: string;
}

export interface NavRef {
  key: string;
  hidden?: boolean;
  children?: NavRef[];
}

export type AddKind = 'page' | 'cover' | 'blog' | 'events' | 'folder' | 'link';

/** A cover page's own settings: its text, background image and call to action. */
interface CoverSettings {
  text: string;
  image: string | null;
  imageAlt: string;
  actionLabel: string;
  actionUrl: string;
}

export interface NewNode {
  kind: AddKind;
  title: string;
  urlId?: string;
  url?: string;
  folderBehavior?: number;
  in: ListName;
  parent?: string;
}

export type Access = 'public' | 'password' | 'members';

export interface PageSettings {
  key: string;
  kind: PageNode['kind'];
  title: string;
  urlId?: string;
  url?: string;
  typeName?: string;
  itemId?: string;
  seoTitle?: string;
  seoDescription?: string;
  socialImage?: string | null;
  access?: Access;
  hasPassword?: boolean;
  folderBehavior?: number;
  isHome?: boolean;
  cover?: CoverSettings;
}

export interface SettingsChange {
  title?: string;
  urlId?: string;
  url?: string;
  seoTitle?: string;
  seoDescription?: string;
  socialImage?: string | null;
  access?: Access;
  password?: string;
  folderBehavior?: number;
  isHome?: boolean;
  cover?: Partial<CoverSettings>;
}

export interface LibraryImage {
  id: string;
  path: string;
  name: string;
  url: string;
  alt: string;
}

const PATH = '/api/owner/pages';
const at = (key: string) => `${PATH}/${encodeURIComponent(key)}`;

export const pageCalls = (api: Api) => ({
  tree: () => api<PagesTree>('GET', PATH),
  add: (node: NewNode) => api<{ node: PageNode }>('POST', PATH, node),
  arrange: (revision: string, lists: Record<ListName, NavRef[]>) => api<PagesTree>('PUT', `${PATH}/navigation`, { revision, ...lists }),
  settings: (key: string) => api<PageSettings>('GET', `${at(key)}/settings`),
  saveSettings: (key: string, change: SettingsChange) => api<PageSettings>('PATCH', `${at(key)}/settings`, change),
  remove: (key: string) => api<null>('DELETE', at(key)),
  images: () => api<{ assets: LibraryImage[]; nextCursor: string | null }>('GET', '/api/owner/media?kind=image'),
});
