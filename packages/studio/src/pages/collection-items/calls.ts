// The posts and events calls (docs/owner-api.md "Posts and events") on the one API client.
import type { Api } from '@tessera/core/api-client';

export interface ListedItem {
  itemId: string;
  title: string;
  urlId: string;
  url: string;
  status: string;
  statusLabel: string;
  publishOn: number | null;
  /** Events: when it starts, and the zone its times are shown in. */
  startDate?: number | null;
  timeZone?: string;
  author?: string;
  updatedOn: number;
  hasDraft: boolean;
}

export interface ItemQuery {
  status?: string;
  q?: string;
  cursor?: string;
}

const itemsPath = (collectionId: string) => `/api/owner/collections/${encodeURIComponent(collectionId)}/items`;

function queryString(q: ItemQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const itemCalls = (api: Api) => ({
  list: (collectionId: string, q: ItemQuery) => api<{ items: ListedItem[]; nextCursor: string | null }>('GET', `${itemsPath(collectionId)}${queryString(q)}`),
  create: (collectionId: string, title: string) => api<ListedItem>('POST', itemsPath(collectionId), { title }),
  remove: (itemId: string) => api<null>('DELETE', `/api/owner/content/${encodeURIComponent(itemId)}`),
});
