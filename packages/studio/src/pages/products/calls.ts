// The products list's calls (docs/owner-api.md "Products"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';
import type { Choices, ProductsAnswer } from './types.js';

const PRODUCTS = '/api/owner/products';
/** The filtered list as CSV: a plain link, the browser downloads it with the session's cookie. */
export const EXPORT_PATH = '/api/owner/products/export.csv';

export const productsCalls = (api: Api) => ({
  /** One page of the list: `query` holds the filters (and the cursor of the page after the first). */
  list: (query: URLSearchParams) => {
    const q = query.toString();
    return api<ProductsAnswer>('GET', q ? `${PRODUCTS}?${q}` : PRODUCTS);
  },
  choices: () => api<Choices>('GET', `${PRODUCTS}/choices`),
  /** Every product of the collection, in its new order by hand. */
  order: (collection: string, ids: readonly string[]) => api<unknown>('PUT', `${PRODUCTS}/order`, { collection, ids }),
});
