// The product editor's calls (docs/owner-api.md "Products"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';
import type { Choices } from '../products/types.js';
import type { SaveBody } from './draft.js';
import type { ProductDoc } from './types.js';

const PRODUCTS = '/api/owner/products';
const one = (id: string) => `${PRODUCTS}/${encodeURIComponent(id)}`;

export const productCalls = (api: Api) => ({
  choices: () => api<Choices>('GET', `${PRODUCTS}/choices`),
  read: (id: string) => api<ProductDoc>('GET', one(id)),
  create: (body: SaveBody) => api<ProductDoc>('POST', PRODUCTS, body),
  /** A save made from `revision`: refused with 409 PRODUCT_CHANGED when another save came in between. */
  update: (id: string, revision: number, body: SaveBody) => api<ProductDoc>('PUT', one(id), { ...body, revision }),
  duplicate: (id: string) => api<ProductDoc>('POST', `${one(id)}/duplicate`),
  remove: (id: string) => api<null>('DELETE', one(id)),
});
