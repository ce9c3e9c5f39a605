// The catalogue's shapes as the owner API answers them (docs/owner-api.md "Products"), shared by the
// products list, the product editor and the import page.

/** The spec's product types (platform.md): physical 1, digital 2, service 3, gift card 4, paywall 5. */
export const PRODUCT_TYPES = [
  [1, 'Physical'],
  [2, 'Digital'],
  [3, 'Service'],
  [4, 'Gift card'],
  [5, 'Paywall'],
] as const;

export function productTypeName(type: number): string {
  return PRODUCT_TYPES.find(([t]) => t === type)?.[1] ?? `Type ${type}`;
}

/** Content statuses, with the spec's labels ("" for published: lists show no label). */
export const STATUSES = [
  ['published', 'Published'],
  ['draft', 'Draft'],
  ['scheduled', 'Scheduled'],
  ['needs-review', 'Needs Review'],
  ['private', 'Private'],
] as const;

/** One row of `GET /api/owner/products`. */
export interface ProductSummary {
  id: string;
  collection: { urlId: string; title: string };
  urlId: string;
  title: string;
  url: string;
  productType: number;
  status: string;
  statusLabel: string;
  publishOn: string | number | null;
  image: { path: string; url: string } | null;
  variantCount: number;
  priceCents: number;
  maxPriceCents: number;
  onSale: boolean;
  stock: number | null;
  stockState: 'in' | 'low' | 'out' | 'unlimited' | string;
  updatedOn: number;
  revision: number;
}

export interface ProductsAnswer {
  products: ProductSummary[];
  nextCursor: string | null;
  total: number;
  currency: string;
}

/** `GET /api/owner/products/choices`: what the editor offers to choose from. */
export interface Choices {
  currency: string;
  collections: { urlId: string; title: string; count: number; limit: number }[];
  forms: { id: string; name: string }[];
  membersAreas: { urlId: string; title: string }[];
  assets: { path: string; url: string; contentType: string; width: number | null; height: number | null; size: number }[];
  tags: { name: string; count: number }[];
  categories: { name: string; count: number }[];
  products: { ref: string; title: string }[];
}
