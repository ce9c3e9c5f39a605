// A product as `GET /api/owner/products/:id` answers it (docs/owner-api.md "Products"): the item in
// the site directory's shape (docs/site-format.md "Item" and "product"). Fields the editor does not
// know (translations, blocks, ...) are kept as they came and sent back untouched.

export interface VariantDoc {
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  stock?: number;
  unlimited?: boolean;
  weightGrams?: number | null;
  image?: string | null;
  [more: string]: unknown;
}

export type ImageDoc = string | { path: string; alt?: string };

interface ProductFieldsDoc {
  productType: number;
  variantOptionOrdering?: string[];
  variants: VariantDoc[];
  images?: ImageDoc[];
  isSubscribable?: boolean;
  subscriptionPlan?: { billingPeriod: { value: number; unit: string }; numBillingCycles: number } | null;
  additionalFieldsForm?: string | null;
  customAddButtonText?: string;
  giftCard?: { denominationsCents: number[] };
  digital?: { file: string; linkLifetimeHours?: number };
  paywall?: { grants: string; pricing: string };
  relatedProducts?: string[];
  /** A zero price shown as `freeLabel` (required with it: the spec's message otherwise). */
  showZeroAsFree?: boolean;
  freeLabel?: string;
  /** The parcel's size for shipping, in centimetres: Tessera's own field beside the variants' weight. */
  dimensions?: { lengthCm: number; widthCm: number; heightCm: number } | null;
  [more: string]: unknown;
}

export interface ItemDoc {
  urlId: string;
  title: string;
  status?: string;
  publishOn?: string | null;
  body?: string;
  tags?: string[];
  categories?: string[];
  seoTitle?: string;
  seoDescription?: string;
  mainImage?: string;
  mainImageAlt?: string;
  product: ProductFieldsDoc;
  [more: string]: unknown;
}

export interface ProductDoc {
  id: string;
  collection: string;
  revision: number;
  url: string;
  item: ItemDoc;
}
