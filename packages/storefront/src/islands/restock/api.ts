// The restock island's API client (one factory, typed by its return): the spec's signup call. Every
// answer resolves with its status and parsed body; only a network failure rejects.
export interface RestockSignUp {
  readonly isJoinMailingList: boolean;
  readonly productId: string;
  readonly variantId: string;
  readonly siteVisitorEmail: string;
  readonly captchaToken?: string;
}

/** An error answer of the restock calls: the message is in `data.message` (storefront.md section 7). */
export interface RestockAnswer {
  readonly data?: { readonly success?: boolean; readonly message?: string };
  readonly error?: string;
  readonly code?: string;
  readonly crumbFail?: boolean;
}

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export function createRestockApi({ crumb, fetch: fetchImpl = (...args) => fetch(...args) }: { crumb: () => string | null; fetch?: typeof fetch }) {
  return {
    async signUp(body: RestockSignUp): Promise<{ status: number; body: RestockAnswer | null }> {
      const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
      const token = crumb();
      if (token) headers['X-CSRF-Token'] = token;
      const res = await fetchImpl(RESTOCK_PATH, { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(body) });
      let parsed: RestockAnswer | null = null;
      try {
        parsed = (await res.json()) as RestockAnswer;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    },
  };
}

export type RestockApi = ReturnType<typeof createRestockApi>;
