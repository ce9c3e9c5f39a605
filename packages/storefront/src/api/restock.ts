// The restock island's call (storefront.md section 7) on the one API client of @tessera/core. A
// refused signup carries its message in `data.message`, which the client reads as the server's.
import { type ApiOptions, createApi } from '@tessera/core/api-client';

export interface RestockSignUp {
  readonly isJoinMailingList: boolean;
  readonly productId: string;
  readonly variantId: string;
  readonly siteVisitorEmail: string;
  readonly captchaToken?: string;
}

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export function createRestockApi(options: ApiOptions = {}) {
  const api = createApi(options);
  return {
    signUp: (body: RestockSignUp) => api<{ data?: { success?: boolean } }>('POST', RESTOCK_PATH, body),
  };
}

export type RestockApi = ReturnType<typeof createRestockApi>;
