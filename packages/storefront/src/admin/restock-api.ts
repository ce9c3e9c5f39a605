// The owner's restock calls (storefront.md section 7) and the stock call, on the owner's API client's
// conventions: the crumb header on writes, an ApiError for any failure (its message the server's).
import { ownerCaller } from './api.js';

export interface SignUpGroup {
  productId: string;
  variantId: string;
  available: boolean;
  productTitle: string | null;
  productUrl: string | null;
  imageUrl: string | null;
  sku: string | null;
  variantText: string;
  qtyInStock: number;
  unlimited: boolean;
  inStock: boolean;
  waitingCount: number;
  notifiedCount: number;
  firstSignUpOn: number;
  lastSignUpOn: number;
}

export interface SignUp {
  id: string;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
  status: 'WAITING' | 'NOTIFIED';
  created: number;
  notifiedOn: number | null;
  mailStatus: string | null;
}

export interface SendResult {
  productId: string;
  variantId: string;
  sent: number;
  error?: { code: string; message: string };
}

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export function createRestockOwnerApi(fetcher: typeof fetch = fetch.bind(globalThis), doc: Document = document) {
  const call = ownerCaller(fetcher, doc);
  const q = (cursor: string | null) => (cursor ? `cursor=${encodeURIComponent(cursor)}` : '');
  return {
    groups: (cursor: string | null) =>
      call<{ signUpGroups: SignUpGroup[]; hasNextPage: boolean; nextPageCursor: string | null }>('GET', `${RESTOCK_PATH}/groups${cursor ? `?${q(cursor)}` : ''}`),
    signUps: (productId: string, variantId: string, cursor: string | null) =>
      call<{ signUps: SignUp[]; hasNextPage: boolean; nextPageCursor: string | null }>(
        'GET', `${RESTOCK_PATH}?productId=${encodeURIComponent(productId)}&variantId=${encodeURIComponent(variantId)}${cursor ? `&${q(cursor)}` : ''}`),
    send: (productId: string, variantId: string) => call<SendResult>('POST', `${RESTOCK_PATH}/send`, { productId, variantId }),
    sendAll: (sendRequests: { productId: string; variantId: string }[]) =>
      call<{ results: SendResult[]; sent: number }>('POST', `${RESTOCK_PATH}/send/all`, { sendRequests }),
    setStock: (variantId: string, stock: number) =>
      call<{ qtyInStock: number; restockNotificationsSent: number | null }>('PUT', `/api/owner/inventory/${encodeURIComponent(variantId)}`, { stock }),
    signOut: () => call<void>('DELETE', '/api/owner/session').catch(() => undefined),
  };
}

export type RestockOwnerApi = ReturnType<typeof createRestockOwnerApi>;

/** Every group, fetched page by page until there is no next page (storefront.md section 4, "Restock groups"). */
export async function allGroups(api: Pick<RestockOwnerApi, 'groups'>): Promise<SignUpGroup[]> {
  const groups: SignUpGroup[] = [];
  let cursor: string | null = null;
  do {
    const page = await api.groups(cursor);
    groups.push(...page.signUpGroups);
    cursor = page.hasNextPage ? page.nextPageCursor : null;
  } while (cursor);
  return groups;
}
