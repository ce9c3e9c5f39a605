// The editor's draft: the product as the owner types it (money in major units, numbers as text), made
// from the API's product and turned back into the body of a save. Checks that need no server happen
// here, with errors keyed by the same paths as the server's (`item.product.variants[1].priceCents`),
// so that both land beside the same fields.
import { getCurrency } from '@tessera/core/money';
import { formatMinor, parseMoney } from '../store/amounts.js';
import { fromLocalInput, toLocalInput } from '../store/zoned.js';
import type { ImageDoc, ItemDoc, ProductDoc, VariantDoc } from './types.js';
import { type OptionDraft, type VariantDraft, combinations, newKey } from './variants.js';

export type FieldErrors = Readonly<Record<string, string>>;

export interface Draft {
  readonly collection: string;
  readonly productType: number;
  readonly title: string;
  readonly urlId: string;
  /** The slug was typed (or the product exists): the title no longer writes it. */
  readonly slugTouched: boolean;
  readonly body: string;
  readonly status: string;
  /** The site's wall-clock time, as a datetime-local input holds it. */
  readonly publishOn: string;
  readonly tags: readonly string[];
  readonly categories: readonly string[];
  readonly seoTitle: string;
  readonly seoDescription: string;
  readonly options: readonly OptionDraft[];
  readonly variants: readonly VariantDraft[];
  /** The ids of the variants the store has: those the draft leaves out are deleted by a save. */
  readonly savedVariantIds: readonly string[];
  readonly images: readonly { path: string; alt: string }[];
  readonly isSubscribable: boolean;
  readonly billingValue: string;
  readonly billingUnit: string;
  readonly billingCycles: string;
  readonly additionalFieldsForm: string;
  readonly customAddButtonText: string;
  /** A gift card's amounts, in major units. */
  readonly denominations: readonly string[];
  readonly digitalFile: string;
  readonly linkLifetimeHours: string;
  readonly paywallGrants: string;
  readonly paywallPricing: string;
  readonly relatedProducts: readonly string[];
  /** A zero price is shown as the free label. */
  readonly showZeroAsFree: boolean;
  readonly freeLabel: string;
  readonly length: string;
  readonly width: string;
  readonly height: string;
}

export const digitsOf = (currency: string) => getCurrency(currency).fractionDigits;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const imageOf = (i: ImageDoc) => (typeof i === 'string' ? { path: i, alt: '' } : { path: i.path, alt: i.alt ?? '' });

/** A URL slug of a title: lower case letters, digits and hyphens. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 200);
}

function variantDraft(v: VariantDoc, digits: number): VariantDraft {
  const { id, sku, attributes, priceCents, salePriceCents, onSale, stock, unlimited, weightGrams, image, ...extra } = v;
  return {
    key: id ?? newKey(),
    id,
    attributes: attributes ?? {},
    sku,
    price: formatMinor(priceCents, digits),
    salePrice: salePriceCents ? formatMinor(salePriceCents, digits) : '',
    onSale: onSale ?? false,
    stock: text(stock ?? 0),
    liveStock: id ? (stock ?? 0) : null,
    unlimited: unlimited ?? false,
    weight: text(weightGrams),
    image: image ?? '',
    extra,
  };
}

/** The options of a product: the ordering's names with the values its variants use, in their order. */
function optionsOf(ordering: readonly string[], variants: readonly VariantDoc[]): OptionDraft[] {
  const names = ordering.length ? ordering : [...new Set(variants.flatMap((v) => Object.keys(v.attributes ?? {})))];
  return names.map((name) => ({ key: newKey(), name, values: [...new Set(variants.map((v) => v.attributes?.[name]).filter((x): x is string => !!x))] }));
}

export function toDraft(doc: ProductDoc, currency: string, zone: string): Draft {
  const digits = digitsOf(currency);
  const { item } = doc;
  const p = item.product;
  const plan = p.subscriptionPlan;
  return {
    collection: doc.collection,
    productType: p.productType,
    title: item.title ?? '',
    urlId: item.urlId ?? '',
    slugTouched: true,
    body: item.body ?? '',
    status: item.status ?? 'published',
    publishOn: toLocalInput(item.publishOn, zone),
    tags: item.tags ?? [],
    categories: item.categories ?? [],
    seoTitle: item.seoTitle ?? '',
    seoDescription: item.seoDescription ?? '',
    options: p.productType === 4 ? [] : optionsOf(p.variantOptionOrdering ?? [], p.variants),
    variants: p.variants.map((v) => variantDraft(v, digits)),
    savedVariantIds: p.variants.flatMap((v) => (v.id ? [v.id] : [])),
    images: (p.images ?? []).map(imageOf),
    isSubscribable: p.isSubscribable ?? false,
    billingValue: text(plan?.billingPeriod.value ?? 1),
    billingUnit: plan?.billingPeriod.unit ?? 'MONTH',
    billingCycles: text(plan?.numBillingCycles ?? 0),
    additionalFieldsForm: p.additionalFieldsForm ?? '',
    customAddButtonText: p.customAddButtonText ?? '',
    denominations: (p.giftCard?.denominationsCents ?? []).map((c) => formatMinor(c, digits)),
    digitalFile: p.digital?.file ?? '',
    linkLifetimeHours: text(p.digital?.linkLifetimeHours ?? 24),
    paywallGrants: p.paywall?.grants ?? '',
    paywallPricing: p.paywall?.pricing ?? 'one-time',
    relatedProducts: p.relatedProducts ?? [],
    showZeroAsFree: p.showZeroAsFree === true,
    freeLabel: p.freeLabel ?? '',
    length: text(p.dimensions?.lengthCm),
    width: text(p.dimensions?.widthCm),
    height: text(p.dimensions?.heightCm),
  };
}

/** A new product of a type in a collection: one variant, no options, a draft until the owner publishes it. */
export function newDraft(collection: string, productType: number): Draft {
  const stocked = productType === 1 || productType === 3;
  return {
    ...toDraft(
      {
        id: '',
        collection,
        revision: 0,
        url: '',
        item: {
          urlId: '',
          title: '',
          status: 'draft',
          product: { productType, variants: [{ sku: '', attributes: {}, priceCents: 0, unlimited: !stocked, stock: 0 }] },
        },
      },
      'USD',
      'UTC',
    ),
    slugTouched: false,
    variants: [
      {
        key: newKey(),
        attributes: {},
        sku: '',
        price: '',
        salePrice: '',
        onSale: false,
        stock: '0',
        liveStock: null,
        unlimited: !stocked,
        weight: '',
        image: '',
        extra: {},
      },
    ],
  };
}

const V = (i: number, field: string) => `item.product.variants[${i}].${field}`;

function whole(value: string, min: number, max: number, path: string, errors: Record<string, string>, label: string): number | undefined {
  const t = value.trim();
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max) {
    errors[path] = `${label}: enter a whole number from ${min} to ${max}.`;
    return undefined;
  }
  return Number(t);
}

/** The variants as the API takes them, in minor units; errors keyed by path. */
function variantDocs(d: Draft, digits: number, errors: Record<string, string>): VariantDoc[] {
  const giftCard = d.productType === 4;
  const stocked = d.productType === 1 || d.productType === 3;
  return d.variants.map((v, i) => {
    const out: VariantDoc = { ...v.extra, sku: v.sku.trim(), attributes: { ...v.attributes }, priceCents: 0 };
    if (v.id) out.id = v.id;
    if (!out.sku) errors[V(i, 'sku')] = 'Enter a SKU.';
    const price = parseMoney(v.price, digits);
    if (price.ok) out.priceCents = price.value;
    else errors[V(i, 'priceCents')] = price.message;
    if (v.salePrice.trim()) {
      const sale = parseMoney(v.salePrice, digits);
      if (sale.ok) out.salePriceCents = sale.value;
      else errors[V(i, 'salePriceCents')] = sale.message;
      if (sale.ok && price.ok && v.onSale && sale.value >= price.value) errors[V(i, 'salePriceCents')] = 'The sale price must be lower than the price.';
    } else if (v.onSale) errors[V(i, 'salePriceCents')] = 'Enter the sale price, or untick On sale.';
    else out.salePriceCents = 0;
    out.onSale = v.onSale;
    out.unlimited = giftCard || !stocked ? true : v.unlimited;
    if (v.id) out.stock = v.liveStock ?? 0;
    else if (!out.unlimited) out.stock = whole(v.stock, 0, 1_000_000_000, V(i, 'stock'), errors, 'Stock') ?? 0;
    else out.stock = 0;
    if (v.weight.trim()) out.weightGrams = whole(v.weight, 0, 10_000_000, V(i, 'weightGrams'), errors, 'Weight') ?? 0;
    if (v.image) out.image = v.image;
    return out;
  });
}

export interface SaveBody {
  collection: string;
  item: ItemDoc;
}

/**
 * The body of a save, over the item as loaded (fields the editor does not show are kept), or the
 * errors that keep it from being sent.
 */
export function toBody(d: Draft, original: ItemDoc | null, currency: string, zone: string): { body: SaveBody; errors: FieldErrors } {
  const digits = digitsOf(currency);
  const errors: Record<string, string> = {};
  const type = d.productType;
  const { product: before = { productType: type, variants: [] }, ...rest } = original ?? ({} as Partial<ItemDoc>);
  const { giftCard: _g, digital: _d, paywall: _p, subscriptionPlan: _s, dimensions: _dim, showZeroAsFree: _z, freeLabel: _f, ...keptProduct } = before;
  if (!d.title.trim()) errors['item.title'] = 'Enter a title.';
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(d.urlId)) errors['item.urlId'] = 'Use lower case letters, digits and hyphens, such as blue-mug.';
  const item: ItemDoc = {
    ...rest,
    urlId: d.urlId,
    title: d.title.trim(),
    status: d.status,
    body: d.body,
    tags: [...d.tags],
    categories: [...d.categories],
    seoTitle: d.seoTitle.trim(),
    seoDescription: d.seoDescription.trim(),
    product: {
      ...keptProduct,
      productType: type,
      variantOptionOrdering: type === 4 ? ['Value'] : d.options.filter((o) => o.name && o.values.length).map((o) => o.name),
      variants: variantDocs(d, digits, errors),
      images: d.images.map((i) => (i.alt ? { path: i.path, alt: i.alt } : i.path)),
      isSubscribable: (type === 1 || type === 3) && d.isSubscribable,
      additionalFieldsForm: d.additionalFieldsForm || null,
      customAddButtonText: d.customAddButtonText.trim(),
      relatedProducts: [...d.relatedProducts],
    },
  };
  const product = item.product;
  // The label goes with its switch: the server checks it (a gift card's amounts are never zero).
  if (type !== 4 && d.showZeroAsFree) Object.assign(product, { showZeroAsFree: true, freeLabel: d.freeLabel.trim() });
  if (d.status === 'scheduled') {
    const at = fromLocalInput(d.publishOn, zone);
    if (at) item.publishOn = at;
    else errors['item.publishOn'] = 'Choose the date and time it goes live.';
  } else if (item.status !== 'published') delete item.publishOn;
  // The first picture is the product's main image, unless the item names another one of its own.
  const firstBefore = before.images?.[0];
  const mainWasFirst = !rest.mainImage || (firstBefore && imageOf(firstBefore).path === rest.mainImage);
  if (mainWasFirst) {
    delete item.mainImage;
    delete item.mainImageAlt;
    if (d.images[0]) {
      item.mainImage = d.images[0].path;
      if (d.images[0].alt) item.mainImageAlt = d.images[0].alt;
    }
  }
  const plan = () => {
    const value = whole(d.billingValue, 1, 1000, 'item.product.subscriptionPlan.billingPeriod.value', errors, 'Every');
    const cycles = whole(d.billingCycles, 0, 10000, 'item.product.subscriptionPlan.numBillingCycles', errors, 'Billing cycles');
    return { billingPeriod: { value: value ?? 1, unit: d.billingUnit }, numBillingCycles: cycles ?? 0 };
  };
  if (product.isSubscribable || (type === 5 && d.paywallPricing === 'subscription')) product.subscriptionPlan = plan();
  if (type === 4) {
    const amounts = d.denominations.map((a) => parseMoney(a, digits));
    amounts.forEach((a, i) => {
      if (!a.ok) errors[`item.product.giftCard.denominationsCents[${i}]`] = a.message;
    });
    if (amounts.length === 0) errors['item.product.giftCard.denominationsCents'] = 'Add at least one amount.';
    product.giftCard = { denominationsCents: amounts.map((a) => (a.ok ? a.value : 0)) };
  }
  if (type === 2) {
    if (!d.digitalFile) errors['item.product.digital.file'] = 'Choose the file buyers download.';
    product.digital = {
      file: d.digitalFile,
      linkLifetimeHours: whole(d.linkLifetimeHours, 1, 8760, 'item.product.digital.linkLifetimeHours', errors, 'Link lifetime') ?? 24,
    };
  }
  if (type === 5) {
    if (!d.paywallGrants) errors['item.product.paywall.grants'] = "Choose the members' area it opens.";
    product.paywall = { grants: d.paywallGrants, pricing: d.paywallPricing };
  }
  if (type === 1 && (d.length || d.width || d.height)) {
    const cm = (v: string, key: string, label: string) => whole(v, 0, 10_000, `item.product.dimensions.${key}`, errors, label) ?? 0;
    product.dimensions = {
      lengthCm: cm(d.length, 'lengthCm', 'Length'),
      widthCm: cm(d.width, 'widthCm', 'Width'),
      heightCm: cm(d.height, 'heightCm', 'Height'),
    };
  }
  if (combinations(d.options).length !== d.variants.length && type !== 4) errors['item.product.variants'] = 'The variants do not match the options.';
  return { body: { collection: d.collection, item }, errors };
}

/**
 * The server's error paths placed on the editor's fields: a path the page has no field for goes to the
 * nearest one that it has (`item.tags[3]` to `item.tags`), else to the list shown above the form.
 */
export function placeErrors(errors: FieldErrors, known: ReadonlySet<string>): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    let at = path;
    while (at && !known.has(at)) at = at.replace(/(?:\[\d+\]|\.[^.[\]]+)$/, '') === at ? '' : at.replace(/(?:\[\d+\]|\.[^.[\]]+)$/, '');
    if (at) fields[at] = fields[at] ? `${fields[at]} ${message}` : message;
    else other.push(message);
  }
  return { fields, other };
}
