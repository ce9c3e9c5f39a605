// The restock page's calls (storefront.md section 7) and the owner's stock call, on the one API
// client of @tessera/core. Each resolves with its data or throws the ApiError (its message the
// server's `data.message`): the page handles every failure in one place.
import { type Api, unwrap } from '@tessera/core/api-client';

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

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export function restockCalls(api: Api) {
  const call = <T>(...args: Parameters<Api>) => api<T>(...args).then(unwrap);
  const q = (cursor: string | null) => (cursor ? `cursor=${encodeURIComponent(cursor)}` : '');
  return {
    groups: (cursor: string | null) =>
      call<{ signUpGroups: SignUpGroup[]; hasNextPage: boolean; nextPageCursor: string | null }>(
        'GET',
        `${RESTOCK_PATH}/groups${cursor ? `?${q(cursor)}` : ''}`,
      ),
    signUps: (productId: string, variantId: string, cursor: string | null) =>
      call<{ signUps: SignUp[]; hasNextPage: boolean; nextPageCursor: string | null }>(
        'GET',
        `${RESTOCK_PATH}?productId=${encodeURIComponent(productId)}&variantId=${encodeURIComponent(variantId)}${cursor ? `&${q(cursor)}` : ''}`,
      ),
    send: (productId: string, variantId: string) => call<SendResult>('POST', `${RESTOCK_PATH}/send`, { productId, variantId }),
    sendAll: (sendRequests: { productId: string; variantId: string }[]) =>
      call<{ results: SendResult[]; sent: number }>('POST', `${RESTOCK_PATH}/send/all`, { sendRequests }),
    setStock: (variantId: string, stock: number) =>
      call<{ qtyInStock: number; restockNotificationsSent: number | null }>('PUT', `/api/owner/inventory/${encodeURIComponent(variantId)}`, { stock }),
  };
}

export type RestockCalls = ReturnType<typeof restockCalls>;

/** Every group, fetched page by page until there is no next page (storefront.md section 4, "Restock groups"). */
export async function allGroups(api: Pick<RestockCalls, 'groups'>): Promise<SignUpGroup[]> {
  const groups: SignUpGroup[] = [];
  let cursor: string | null = null;
  do {
    const page = await api.groups(cursor);
    groups.push(...page.signUpGroups);
    cursor = page.hasNextPage ? page.nextPageCursor : null;
  } while (cursor);
  return groups;
}
