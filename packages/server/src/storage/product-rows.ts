import { CollectionType, RecordType } from '../constants.js';
import type { CollectionKind, ContentStatus, ItemDoc, JsonObject, ProductDoc, SubscriptionPlanDoc, VariantDoc } from '../site-dir/types.js';
import { stableId } from './ids.js';
import { searchTextOf } from './search-text.js';
import type { Flag } from './schema.js';

/**
 * The rows of an item, its product, its variants and its subscription plan, made from the site
 * directory's documents and read back into them. `tessera import` and the studio's product editor
 * write through these same functions, so what one writes the other reads unchanged, and `tessera
 * export` writes it back as the same JSON.
 */

const json = (value: unknown) => JSON.stringify(value);

export function collectionTypeCode(kind: string): number {
  if (kind === 'page') return CollectionType.PAGE;
  if (kind === 'products') return CollectionType.PRODUCTS;
  return CollectionType.GENERIC;
}

function recordTypeOf(kind: CollectionKind, item: ItemDoc): number {
  if (item.recordType !== null) return item.recordType;
  switch (kind) {
    case 'products':
      return RecordType.STORE_ITEM;
    case 'events':
      return RecordType.EVENT;
    case 'gallery':
      return Array.isArray(item.data.images) && item.data.images.length > 0 ? RecordType.GALLERY : RecordType.IMAGE;
    default:
      return typeof item.data.externalLink === 'string' ? RecordType.LINK : RecordType.TEXT;
  }
}

interface ItemPlace {
  readonly websiteId: string;
  readonly collectionId: string;
  readonly kind: CollectionKind;
  readonly id: string;
  readonly position: number;
  readonly now: number;
}

/** An item's row (its revision is the store's: a save bumps it on its own). */
export function itemRow(place: ItemPlace, item: ItemDoc) {
  return {
    id: place.id,
    website_id: place.websiteId,
    collection_id: place.collectionId,
    url_id: item.urlId,
    title: item.title,
    status: item.status,
    publish_on: item.publishOn,
    position: place.position,
    record_type: recordTypeOf(place.kind, item),
    excerpt: item.excerpt,
    body: item.body,
    start_date: item.startDate,
    end_date: item.endDate,
    data: json({ ...item.data, ...(item.recordType !== null ? { recordType: item.recordType } : {}) }),
    search_text: searchTextOf(item.data),
    created_on: place.now,
    updated_on: place.now,
  };
}

/** A product's row; variant fields this version does not read are kept with the product, keyed by SKU. */
export function productRow(websiteId: string, itemId: string, p: ProductDoc) {
  const variantExtra = Object.fromEntries(p.variants.filter((v) => Object.keys(v.extra).length > 0).map((v) => [v.sku, v.extra]));
  return {
    item_id: itemId,
    website_id: websiteId,
    product_type: p.productType,
    variant_option_ordering: json(p.variantOptionOrdering),
    is_subscribable: (p.isSubscribable ? 1 : 0) as Flag,
    additional_fields_form_id: p.additionalFieldsForm,
    custom_add_button_text: p.customAddButtonText,
    data: json({ ...p.data, ...(Object.keys(variantExtra).length > 0 ? { $variantExtra: variantExtra } : {}) }),
  };
}

interface VariantPlace {
  readonly websiteId: string;
  readonly itemId: string;
  readonly id: string;
  readonly position: number;
  readonly currency: string;
}

/** A variant's row, with the stock the document names (callers decide whether an existing variant's stock is kept). */
export function variantRow(place: VariantPlace, v: VariantDoc) {
  return {
    id: place.id,
    website_id: place.websiteId,
    item_id: place.itemId,
    sku: v.sku,
    position: place.position,
    attributes: json(v.attributes),
    currency: place.currency,
    price_cents: v.priceCents,
    sale_price_cents: v.salePriceCents,
    on_sale: (v.onSale ? 1 : 0) as Flag,
    stock: v.stock,
    unlimited: (v.unlimited ? 1 : 0) as Flag,
    weight_grams: v.weightGrams,
    image: v.image,
  };
}

export function planRow(websiteId: string, itemId: string, plan: SubscriptionPlanDoc) {
  return {
    id: stableId(itemId, 'plan'),
    website_id: websiteId,
    item_id: itemId,
    billing_period_value: plan.billingPeriod.value,
    billing_period_unit: plan.billingPeriod.unit,
    num_billing_cycles: plan.numBillingCycles,
  };
}

interface StoredItem {
  url_id: string;
  title: string;
  status: string;
  publish_on: number | null;
  excerpt: string;
  body: string;
  start_date: number | null;
  end_date: number | null;
  data: string;
}

interface StoredProduct {
  product_type: number;
  variant_option_ordering: string;
  is_subscribable: number;
  additional_fields_form_id: string | null;
  custom_add_button_text: string;
  data: string;
}

export interface StoredVariant {
  sku: string;
  attributes: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  stock: number;
  unlimited: number;
  weight_grams: number | null;
  image: string | null;
}

interface StoredPlan {
  billing_period_value: number;
  billing_period_unit: string;
  num_billing_cycles: number;
}

/** An item's row read back as its document; its product's when it has one. */
export function itemDocOf(row: StoredItem, product: ProductDoc | null): ItemDoc {
  const { recordType, ...data } = JSON.parse(row.data) as JsonObject;
  return {
    urlId: row.url_id,
    title: row.title,
    status: row.status as ContentStatus,
    publishOn: row.publish_on === null ? null : Number(row.publish_on),
    excerpt: row.excerpt,
    body: row.body,
    startDate: row.start_date === null ? null : Number(row.start_date),
    endDate: row.end_date === null ? null : Number(row.end_date),
    recordType: typeof recordType === 'number' ? recordType : null,
    data,
    product,
  };
}

/** A product's rows read back as its document; variants with their live stock. */
export function productDocOf(p: StoredProduct, variants: readonly StoredVariant[], plan: StoredPlan | undefined): ProductDoc {
  const { $variantExtra, ...data } = JSON.parse(p.data) as JsonObject & { $variantExtra?: Record<string, JsonObject> };
  return {
    productType: p.product_type,
    variantOptionOrdering: JSON.parse(p.variant_option_ordering),
    isSubscribable: p.is_subscribable === 1,
    subscriptionPlan: plan
      ? {
          billingPeriod: { value: plan.billing_period_value, unit: plan.billing_period_unit as 'WEEK' },
          numBillingCycles: plan.num_billing_cycles,
        }
      : null,
    additionalFieldsForm: p.additional_fields_form_id,
    customAddButtonText: p.custom_add_button_text,
    data,
    variants: variants.map((v) => ({
      sku: v.sku,
      attributes: JSON.parse(v.attributes),
      priceCents: v.price_cents,
      salePriceCents: v.sale_price_cents,
      onSale: v.on_sale === 1,
      stock: Number(v.stock),
      unlimited: v.unlimited === 1,
      weightGrams: v.weight_grams,
      image: v.image,
      extra: $variantExtra?.[v.sku] ?? {},
    })),
  };
}
