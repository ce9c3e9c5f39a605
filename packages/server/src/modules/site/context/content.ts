import { parseGalleryOptions } from '@tessera/core/gallery';
import { FolderBehavior, ProductType } from '../../../constants.js';
import { isObject } from '../../../site-dir/checker.js';
import type { Json, JsonObject } from '../../../site-dir/types.js';
import type { CollectionRow, ItemRow, PlanRow, ProductRow, ProductRows, VariantRow } from '../../../storage/content.js';
import { collectionTypeCode } from '../../../storage/site-store.js';
import type { SiteSnapshot } from '../snapshot.js';
import { assetUrl, imageContext, imageFromEntry } from './assets.js';
import { eventWhen } from './event-zone.js';
import { videoContext } from './video.js';
import { money } from './money.js';
import { freePriceLabel } from './free-price.js';
import { contentItemFields } from './item-fields.js';

export function collectionUrl(s: SiteSnapshot, c: CollectionRow): string {
  return s.home?.id === c.id ? '/' : `/${c.url_id}`;
}

export function itemUrl(s: SiteSnapshot, c: CollectionRow, item: Pick<ItemRow, 'url_id'>): string {
  // A page collection is one page: its item lives at the collection's own URL.
  return c.type_name === 'page' ? collectionUrl(s, c) : `/${c.url_id}/${item.url_id}`;
}

/** A folder's collections, in the order the folder lists them. */
export function folderChildren(s: SiteSnapshot, folder: CollectionRow): CollectionRow[] {
  const order = (JSON.parse(folder.data) as { children?: string[] }).children ?? [];
  const listed = order.map((urlId) => s.collectionsByUrlId.get(urlId)).filter((c): c is CollectionRow => !!c && c.parent_id === folder.id);
  // A collection the studio moved into the folder is its child by parent alone: it follows the listed ones.
  const rest = [...s.collectionsByUrlId.values()].filter((c) => c.parent_id === folder.id && !listed.includes(c)).sort((a, b) => a.position - b.position);
  return [...listed, ...rest];
}

/**
 * A translation the content provides for a language (`"translations": { "fr-FR": { "title": ... } }`
 * on an item or a collection), matched by the exact tag, else by the language alone; undefined when none.
 */
function translationOf(data: JsonObject, language: string | undefined): JsonObject | undefined {
  if (!language || !isObject(data.translations)) return undefined;
  const all = data.translations;
  if (isObject(all[language])) return all[language] as JsonObject;
  const base = language.split('-')[0]!.toLowerCase();
  const key = Object.keys(all).find((k) => k.split('-')[0]!.toLowerCase() === base);
  return key && isObject(all[key]) ? (all[key] as JsonObject) : undefined;
}

const textOr = (t: JsonObject | undefined, key: string, fallback: string) => (t && typeof t[key] === 'string' ? (t[key] as string) : fallback);

export function collectionContext(s: SiteSnapshot, c: CollectionRow, itemCount: number | null, language?: string) {
  const t = language && language !== s.language ? translationOf(JSON.parse(c.data) as JsonObject, language) : undefined;
  const children =
    c.type_name === 'folder'
      ? folderChildren(s, c).map((child) => ({
          id: child.id,
          title: child.title,
          urlId: child.url_id,
          fullUrl: collectionUrl(s, child),
          typeName: child.type_name,
          access: child.access,
        }))
      : undefined;
  const parent = c.parent_id ? s.collectionsById.get(c.parent_id) : undefined;
  return {
    id: c.id,
    title: textOr(t, 'title', c.title),
    urlId: c.url_id,
    fullUrl: collectionUrl(s, c),
    typeName: c.type_name,
    type: collectionTypeCode(c.type_name),
    folder: c.type_name === 'folder',
    folderBehavior: c.type_name === 'folder' ? (c.folder_behavior ?? FolderBehavior.INDEX) : null,
    description: textOr(t, 'description', c.description),
    access: c.access,
    itemCount,
    pageSize: c.page_size,
    ...(children ? { collections: children } : {}),
    // A gallery's design options, every one typed and defaulted: a missing or bad value takes its default.
    ...(c.type_name === 'gallery' ? { galleryOptions: parseGalleryOptions((JSON.parse(c.data) as JsonObject).galleryOptions).options } : {}),
    ...(parent ? { parent: { id: parent.id, title: parent.title, urlId: parent.url_id, fullUrl: collectionUrl(s, parent) } } : {}),
    ...seoOf(s, c),
  };
}

/**
 * A collection's own SEO settings (the studio's page settings, kept in its `data`): the document
 * title, the description and the sharing image (a library image) that replace its title and
 * description in the page's head. Only those set are given.
 */
function seoOf(s: SiteSnapshot, c: CollectionRow): { seoTitle?: string; seoDescription?: string; socialImage?: ReturnType<typeof imageContext> } {
  const data = JSON.parse(c.data) as JsonObject;
  const out: { seoTitle?: string; seoDescription?: string; socialImage?: ReturnType<typeof imageContext> } = {};
  if (typeof data.seoTitle === 'string' && data.seoTitle.trim() !== '') out.seoTitle = data.seoTitle;
  if (typeof data.seoDescription === 'string' && data.seoDescription.trim() !== '') out.seoDescription = data.seoDescription;
  if (typeof data.socialImage === 'string' && s.assets.has(data.socialImage)) out.socialImage = imageContext(s, data.socialImage, c.title);
  return out;
}

type ProductIndex = {
  products: Map<string, ProductRow>;
  variants: Map<string, VariantRow[]>;
  plans: Map<string, PlanRow>;
};

export function indexProducts(rows: ProductRows): ProductIndex {
  const variants = new Map<string, VariantRow[]>();
  for (const v of rows.variants) {
    const list = variants.get(v.item_id);
    if (list) list.push(v);
    else variants.set(v.item_id, [v]);
  }
  return {
    products: new Map(rows.products.map((p) => [p.item_id, p])),
    variants,
    plans: new Map(rows.plans.map((p) => [p.item_id, p])),
  };
}

const strings = (value: Json | undefined) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A content item as themes read it (spec: "Content item" and "Product item"). */
export function itemContext(s: SiteSnapshot, c: CollectionRow, row: ItemRow, products: ProductIndex, language?: string) {
  const data = JSON.parse(row.data) as JsonObject;
  // The content's own translation for the page's language, where it gives one.
  const t = language && language !== s.language ? translationOf(data, language) : undefined;
  const mainImage = typeof data.mainImage === 'string' ? data.mainImage : null;
  const externalLink = typeof data.externalLink === 'string' ? data.externalLink : null;
  const author = typeof data.author === 'string' ? { displayName: data.author } : null;
  const item: Record<string, unknown> = {
    id: row.id,
    collectionId: c.id,
    recordType: row.record_type,
    urlId: row.url_id,
    title: textOr(t, 'title', row.title),
    fullUrl: itemUrl(s, c, row),
    excerpt: textOr(t, 'excerpt', row.excerpt),
    body: textOr(t, 'body', row.body),
    addedOn: row.publish_on ?? row.created_on,
    publishOn: row.publish_on ?? row.created_on,
    updatedOn: row.updated_on,
    author,
    tags: strings(data.tags),
    categories: strings(data.categories),
    assetUrl: mainImage ? assetUrl(s, mainImage) : null,
    mainImage: mainImage
      ? imageContext(s, mainImage, row.title, typeof data.mainImageAlt === 'string' ? data.mainImageAlt : null, data.mainImageFocalPoint)
      : null,
    publicCommentCount: 0,
    commentState: typeof data.commentState === 'number' ? data.commentState : 0,
    likeCount: 0,
    externalLink,
    passthrough: externalLink !== null,
    sourceUrl: externalLink,
    ...contentItemFields(s, c, data, mainImage),
  };
  // What search engines and shared links show instead of the title and excerpt, when the owner set it.
  for (const key of ['seoTitle', 'seoDescription'] as const) {
    const own = data[key];
    const text = textOr(t, key, typeof own === 'string' ? own : '');
    if (text.trim() !== '') item[key] = text;
  }
  if (row.start_date !== null) item.startDate = row.start_date;
  if (row.end_date !== null) item.endDate = row.end_date;
  // An event in its own zone (set in the editor) shows its day and times in that zone.
  if (typeof data.timeZone === 'string' && data.timeZone !== s.timeZone && row.start_date !== null) {
    const when = eventWhen(language ?? s.language, data.timeZone, Number(row.start_date), row.end_date === null ? null : Number(row.end_date));
    if (when) item.when = when;
  }
  if (isObject(data.location)) item.location = data.location;
  if (Array.isArray(data.images)) {
    item.items = data.images.filter(isObject).map((img, i) => {
      const path = typeof img.path === 'string' ? img.path : '';
      const title = typeof img.title === 'string' ? img.title : '';
      return {
        id: `${row.id}-${i}`,
        recordType: 2,
        title,
        body: typeof img.description === 'string' ? img.description : '',
        assetUrl: assetUrl(s, path),
        mainImage: imageContext(s, path, title, typeof img.alt === 'string' ? img.alt : null, img.focalPoint),
      };
    });
  }
  // A video or audio file of the library named by its path (a lesson's video, an object, is its own).
  if (typeof data.video === 'string') {
    const video = videoContext(s, data.video, row.title, typeof data.videoPoster === 'string' ? data.videoPoster : null);
    if (video) item.video = video;
  }
  if (Array.isArray(data.tracks)) item.tracks = data.tracks;
  const product = products.products.get(row.id);
  if (product) {
    item.productType = product.product_type;
    item.structuredContent = structuredContent(s, row, product, products.variants.get(row.id) ?? [], products.plans.get(row.id));
  }
  return item;
}

function structuredContent(s: SiteSnapshot, row: ItemRow, p: ProductRow, variants: VariantRow[], plan: PlanRow | undefined) {
  const data = JSON.parse(p.data) as JsonObject;
  const ordering = JSON.parse(p.variant_option_ordering) as string[];
  const form = p.additional_fields_form_id ? s.forms.get(p.additional_fields_form_id) : undefined;
  // A variant's image names one of the product's images: it shares that image's alt text.
  const imageAlts = new Map<string, string>();
  for (const entry of Array.isArray(data.images) ? data.images : []) {
    if (isObject(entry) && typeof entry.path === 'string' && typeof entry.alt === 'string') imageAlts.set(entry.path, entry.alt);
  }
  const content: Record<string, unknown> = {
    productType: p.product_type,
    variantOptionOrdering: ordering,
    variants: variants.map((v) => variantContext(s, v, ordering, row.title, imageAlts)),
    isSubscribable: p.is_subscribable === 1,
    subscriptionPlan: plan
      ? { billingPeriod: { value: plan.billing_period_value, unit: plan.billing_period_unit }, numBillingCycles: plan.num_billing_cycles }
      : null,
    additionalFieldsFormId: form ? form.id : null,
    additionalFieldsForm: form ? formContext(form) : null,
    useCustomAddButtonText: p.custom_add_button_text !== '',
    customAddButtonText: p.custom_add_button_text,
    images: (Array.isArray(data.images) ? data.images : []).map((entry) => imageFromEntry(s, entry, row.title)).filter((i) => i !== null),
  };
  const first = variants[0];
  if (first) {
    // Products without variant choices (digital) are priced on the product itself too.
    content.priceMoney = money(first.price_cents, first.currency);
    content.salePriceMoney = money(first.sale_price_cents, first.currency);
    content.onSale = first.on_sale === 1;
    const free = freePriceLabel(data, first.on_sale === 1 ? first.sale_price_cents : first.price_cents);
    if (free !== null) content.freePriceLabel = free;
  }
  if (p.product_type === ProductType.GIFT_CARD && isObject(data.giftCard)) {
    const cents = Array.isArray(data.giftCard.denominationsCents) ? data.giftCard.denominationsCents.filter((d): d is number => typeof d === 'number') : [];
    content.giftCard = { denominationsCents: cents, denominations: cents.map((c) => money(c, s.currency)) };
  }
  if (p.product_type === ProductType.DIGITAL && isObject(data.digital)) {
    // The file itself is only given to a buyer (commerce issue): never its path.
    content.digital = { hasFile: typeof data.digital.file === 'string', linkLifetimeHours: data.digital.linkLifetimeHours ?? null };
  }
  if (p.product_type === ProductType.PAYWALL && isObject(data.paywall)) {
    content.paywall = { grants: data.paywall.grants ?? null, pricing: data.paywall.pricing ?? null };
  }
  return content;
}

/** A form as themes read it: the form file, with every field's `required` present (false when not written). */
export function formContext(form: { id: string; name: string; definition: JsonObject }) {
  const fields = Array.isArray(form.definition.fields) ? form.definition.fields : [];
  return {
    ...form.definition,
    id: form.id,
    name: form.name,
    fields: fields.map((f) => (isObject(f) ? { ...f, required: f.required === true } : f)),
  };
}

function variantContext(s: SiteSnapshot, v: VariantRow, ordering: string[], title: string, imageAlts: Map<string, string>) {
  const attributes = JSON.parse(v.attributes) as Record<string, string>;
  const names = ordering.length > 0 ? ordering : Object.keys(attributes);
  return {
    id: v.id,
    sku: v.sku,
    attributes,
    optionValues: names.filter((n) => n in attributes).map((n) => ({ optionName: n, value: attributes[n] })),
    price: v.price_cents,
    salePrice: v.sale_price_cents,
    priceMoney: money(v.price_cents, v.currency),
    salePriceMoney: money(v.sale_price_cents, v.currency),
    onSale: v.on_sale === 1,
    unlimited: v.unlimited === 1,
    qtyInStock: v.stock,
    weight: v.weight_grams,
    mainImage: v.image ? imageContext(s, v.image, title, imageAlts.get(v.image) ?? null) : null,
  };
}

/**
 * `productMerchandisingContext`, per product id: restock sign-up views for sold-out variants, and
 * scarcity views for variants at or under the threshold (the shapes the engine's snippets read).
 */
export function merchandisingContext(
  storeSettings: {
    merchandisingSettings: {
      restockNotificationsEnabled: boolean;
      restockNotificationsMailingListSignUpEnabled: boolean;
      scarcityEnabledOnProductItems: boolean;
      scarcityThreshold: number;
    };
  },
  scarcityTextSetting: string,
  strings: Readonly<Record<string, string>>,
  items: { id: string; productType?: unknown; structuredContent?: unknown }[],
) {
  const m = storeSettings.merchandisingSettings;
  // The site format writes {quantity}; the engine's scarcity message reads the qtyInStock argument.
  const scarcityText = (scarcityTextSetting || 'Only {qtyInStock} left in stock').replace(/\{quantity\}/g, '{qtyInStock}');
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const content = item.structuredContent as { productType: number; variants: ReturnType<typeof variantContext>[] } | undefined;
    if (!content) continue;
    const stocked = content.productType === ProductType.PHYSICAL || content.productType === ProductType.SERVICE;
    const many = content.variants.length > 1;
    const soldOut = stocked ? content.variants.filter((v) => !v.unlimited && v.qtyInStock <= 0) : [];
    const scarce = stocked ? content.variants.filter((v) => !v.unlimited && v.qtyInStock > 0 && v.qtyInStock <= m.scarcityThreshold) : [];
    out[item.id] = {
      restockNotificationsEnabled: m.restockNotificationsEnabled && soldOut.length > 0,
      // Shown at once when the whole product is sold out; otherwise when a sold-out variant is chosen.
      restockNotificationViews: m.restockNotificationsEnabled
        ? soldOut.map((v) => ({ variantId: v.id, hiddenByDefault: soldOut.length < content.variants.length }))
        : [],
      restockNotificationMessages: {
        buttonText: strings.restockNotificationButtonText,
        CTAText: strings.restockNotificationCTAText,
        placeholderText: strings.restockNotificationPlaceholderText,
        mailingListDescription: strings.restockNotificationMailingListDescription,
      },
      mailingListSignUpEnabled: m.restockNotificationsMailingListSignUpEnabled,
      mailingListOptInByDefault: false,
      scarcityEnabled: m.scarcityEnabledOnProductItems && scarce.length > 0,
      scarcityText,
      scarcityShownByDefault: !many,
      scarcityTemplateViews: m.scarcityEnabledOnProductItems
        ? scarce.map((v) => (many ? { attributes: v.attributes, qtyInStock: v.qtyInStock } : { qtyInStock: v.qtyInStock }))
        : [],
      customSoldOutText: '',
    };
  }
  return out;
}
