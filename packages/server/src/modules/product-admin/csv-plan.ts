import { checkContentLimits } from '@tessera/core';
import type { SiteIssue } from '../../site-dir/checker.js';
import { parseItem } from '../../site-dir/parse.js';
import type { ItemDoc, JsonObject, VariantDoc } from '../../site-dir/types.js';
import type { SiteSnapshot } from '../site/index.js';
import { centsOf, type CsvColumn, flagOf, optionsOf, typeOf, wholeOf } from './csv-columns.js';
import type { CsvRecord } from './csv-read.js';
import { placeKey, type StoreState, type StoredProduct, type StoredVariant } from './csv-state.js';
import { STATUSES } from './schemas.js';

interface RowError {
  column: CsvColumn | '';
  message: string;
}

/** A row's outcome, as the import answers it (docs/owner-api.md "POST /api/owner/products/import"). */
export interface RowReport {
  row: number;
  sku: string;
  title: string;
  action: 'create' | 'update' | 'unchanged' | 'error';
  changes: string[];
  errors: RowError[];
}

type VariantChanges = Partial<{
  attributes: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: 0 | 1;
  unlimited: 0 | 1;
  weight_grams: number | null;
}>;

/** What a written import does, worked out before anything is written. */
export interface ImportPlan {
  rows: RowReport[];
  /** Products whose own fields or variants change (their revision is bumped), with their new title and status. */
  products: Map<string, { title?: string; status?: string }>;
  variantChanges: { id: string; set: VariantChanges }[];
  /** Stock counts of existing variants: recorded as `imported` adjustments. */
  counts: { variantId: string; count: number }[];
  /** Variants added to products of the store. */
  addedVariants: { itemId: string; position: number; variant: VariantDoc }[];
  /** New products, whole. */
  newProducts: { collectionId: string; position: number; item: ItemDoc & { product: NonNullable<ItemDoc['product']> } }[];
}

const MAX_STOCK = 1_000_000_000;
const MAX_WEIGHT = 10_000_000;
const SKU = /^\S.{0,63}$/;

/** A status by value or by the label lists show ("Needs Review"). */
function statusOf(text: string): string | null {
  const value = text.toLowerCase().replace(/\s+/g, '-');
  return (STATUSES as readonly string[]).includes(value) ? value : null;
}

interface NewGroup {
  collectionId: string;
  slug: string;
  first: RowReport;
  title: string;
  type: number;
  status: string;
  ordering: string[];
  variants: { report: RowReport; raw: JsonObject }[];
}

/**
 * Every row checked against the store and the rest of the file: a known SKU updates its variant
 * (and its product's title and status), an unknown one creates a variant of the product its
 * collection and URL slug name, that product too when the store has none there. Blank cells change
 * nothing. Errors name the row and the column; new products are checked by the site directory's
 * own parser, so the import refuses what `tessera import` refuses, with the same messages.
 */
export function planImport(s: SiteSnapshot, state: StoreState, records: CsvRecord[]): ImportPlan {
  const plan: ImportPlan = { rows: [], products: new Map(), variantChanges: [], counts: [], addedVariants: [], newProducts: [] };
  const seen = new Map<string, number>();
  const productFields = new Map<string, { title?: [string, number]; status?: [string, number] }>();
  const groups = new Map<string, NewGroup>();
  const added = new Map<string, number>();

  for (const { row, cells } of records) {
    const report: RowReport = { row, sku: cells.SKU ?? '', title: cells.Title ?? '', action: 'unchanged', changes: [], errors: [] };
    plan.rows.push(report);
    const fail = (column: CsvColumn | '', message: string) => report.errors.push({ column, message });
    const sku = cells.SKU ?? '';
    if (sku === '') fail('SKU', "Enter the variant's SKU.");
    else if (!SKU.test(sku)) fail('SKU', `"${sku}" must be 1 to 64 characters, not starting with a space`);
    else if (seen.has(sku)) fail('SKU', `"${sku}" is also on row ${seen.get(sku)}: a SKU is on one row only.`);
    else seen.set(sku, row);
    if (cells.Currency && cells.Currency.toUpperCase() !== s.currency) fail('Currency', `Prices are in the store's currency, ${s.currency}.`);

    const money = (column: 'Price' | 'Sale price') => {
      const text = cells[column];
      if (!text) return undefined;
      const cents = centsOf(text, s.currency);
      if (typeof cents === 'string') return void fail(column, cents);
      return cents;
    };
    const flag = (column: 'On sale' | 'Unlimited') => {
      const text = cells[column];
      if (!text) return undefined;
      const value = flagOf(text);
      if (value === null) return void fail(column, 'Enter yes or no.');
      return value;
    };
    const whole = (column: 'Stock' | 'Weight (g)', max: number, message: string) => {
      const text = cells[column];
      if (!text) return undefined;
      const value = wholeOf(text, max);
      if (value === null) return void fail(column, message);
      return value;
    };
    const price = money('Price');
    const salePrice = money('Sale price');
    const onSale = flag('On sale');
    const unlimited = flag('Unlimited');
    const stock = whole('Stock', MAX_STOCK, 'Enter a whole number of pieces, 0 or more.');
    const weight = whole('Weight (g)', MAX_WEIGHT, `Enter a whole number of grams from 0 to ${MAX_WEIGHT}.`);
    const options = cells.Options ? optionsOf(cells.Options) : undefined;
    if (typeof options === 'string') fail('Options', options);
    const type = cells.Type ? typeOf(cells.Type) : undefined;
    if (type === null) fail('Type', `"${cells.Type}" is not a product type: physical, digital, service, gift card or paywall (or 1 to 5).`);
    const status = cells.Status ? statusOf(cells.Status) : undefined;
    if (status === null) fail('Status', `"${cells.Status}" is not one of ${STATUSES.join(', ')}.`);
    const attributes = Array.isArray(options) ? options : undefined;

    const existing = sku ? state.variantsBySku.get(sku) : undefined;
    if (existing) {
      const product = state.products.get(existing.item_id)!;
      report.title ||= product.title;
      const collection = s.collectionsById.get(product.collection_id);
      if (cells.Collection && cells.Collection !== collection?.url_id) fail('Collection', `This SKU is a variant of ${collection?.url_id}/${product.url_id}.`);
      if (cells['URL slug'] && cells['URL slug'] !== product.url_id) fail('URL slug', `This SKU is a variant of ${collection?.url_id}/${product.url_id}.`);
      if (type && type !== product.product_type) fail('Type', "A product's type does not change in an import: make a new product instead.");
      if (status === 'scheduled' && product.status !== 'scheduled') fail('Status', "A scheduled product needs its date: schedule it on the product's page.");
      const fields = productFields.get(product.id) ?? {};
      productFields.set(product.id, fields);
      const productField = (key: 'title' | 'status', value: string | undefined | null, column: CsvColumn) => {
        if (!value) return;
        const earlier = fields[key];
        if (earlier && earlier[0] !== value) return fail(column, `Row ${earlier[1]} gives this product another ${key}.`);
        fields[key] = [value, row];
        if (value !== product[key]) report.changes.push(key);
      };
      productField('title', cells.Title, 'Title');
      productField('status', status, 'Status');
      const set = variantChanges(existing, product, { attributes, price, salePrice, onSale, unlimited, weight }, report, fail);
      const nowUnlimited = unlimited ?? existing.unlimited;
      if (stock !== undefined && !nowUnlimited && stock !== existing.stock) report.changes.push('stock');
      if (report.errors.length > 0) continue;
      if (Object.keys(set).length > 0) plan.variantChanges.push({ id: existing.id, set });
      if (report.changes.includes('stock')) plan.counts.push({ variantId: existing.id, count: stock! });
      const changesProduct = report.changes.some((c) => c !== 'stock');
      if (changesProduct) {
        const p = plan.products.get(product.id) ?? {};
        if (report.changes.includes('title')) p.title = cells.Title;
        if (report.changes.includes('status')) p.status = status!;
        plan.products.set(product.id, p);
      }
      report.action = report.changes.length > 0 ? 'update' : 'unchanged';
      continue;
    }

    // A new variant: of a product of the store, or of a new product of the file.
    report.action = 'create';
    const collection = cells.Collection ? s.collectionsByUrlId.get(cells.Collection) : undefined;
    if (!cells.Collection) fail('Collection', "Enter the URL slug of the new variant's products collection.");
    else if (collection?.type_name !== 'products') fail('Collection', `There is no products collection "${cells.Collection}".`);
    const slug = cells['URL slug'] ?? '';
    if (slug === '') fail('URL slug', "Enter the URL slug of the new variant's product.");
    if (price === undefined && !report.errors.some((e) => e.column === 'Price')) fail('Price', 'Enter the price of the new variant.');
    if (!collection || slug === '' || !sku) continue;
    const raw: JsonObject = {
      sku,
      attributes: Object.fromEntries(attributes ?? []),
      priceCents: price ?? 0,
      salePriceCents: salePrice ?? 0,
      onSale: onSale ?? false,
      stock: unlimited ? 0 : (stock ?? 0),
      unlimited: unlimited ?? false,
      ...(weight !== undefined ? { weightGrams: weight } : {}),
    };
    const product = state.productsByPlace.get(placeKey(collection.id, slug));
    if (product) {
      report.title ||= product.title;
      const names = (attributes ?? []).map(([n]) => n);
      if (!sameNames(names, product.ordering)) {
        fail(
          'Options',
          product.ordering.length > 0
            ? `Give a value for each option of this product, and no other: ${product.ordering.join(', ')}.`
            : 'This product has no options.',
        );
      }
      if (report.errors.length > 0) continue;
      const position = (added.get(product.id) ?? product.lastPosition) + 1;
      added.set(product.id, position);
      plan.addedVariants.push({ itemId: product.id, position, variant: variantDoc(raw) });
      plan.products.set(product.id, plan.products.get(product.id) ?? {});
      continue;
    }
    const key = placeKey(collection.id, slug);
    const group = groups.get(key);
    if (!group) {
      if (!cells.Title) fail('Title', "Enter the new product's title.");
      if (status === 'scheduled') fail('Status', "A scheduled product needs its date: schedule it on the product's page.");
      groups.set(key, {
        collectionId: collection.id,
        slug,
        first: report,
        title: cells.Title ?? '',
        type: type ?? 1,
        status: status ?? 'published',
        ordering: (attributes ?? []).map(([n]) => n),
        variants: [{ report, raw }],
      });
      continue;
    }
    report.title ||= group.title;
    if (
      !sameNames(
        (attributes ?? []).map(([n]) => n),
        group.ordering,
      )
    ) {
      fail(
        'Options',
        group.ordering.length > 0
          ? `Give a value for each option, as row ${group.first.row} does: ${group.ordering.join(', ')}.`
          : `Row ${group.first.row} gives this product no options.`,
      );
    }
    group.variants.push({ report, raw });
  }

  addNewProducts(plan, state, groups);
  for (const r of plan.rows) if (r.errors.length > 0) r.action = 'error';
  return plan;
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((n) => b.includes(n));

/** What a row changes of an existing variant: the columns it fills with another value than the store's. */
function variantChanges(
  v: StoredVariant,
  product: StoredProduct,
  cells: { attributes?: [string, string][]; price?: number; salePrice?: number; onSale?: boolean; unlimited?: boolean; weight?: number },
  report: RowReport,
  fail: (column: CsvColumn, message: string) => void,
): VariantChanges {
  const set: VariantChanges = {};
  if (cells.attributes) {
    const names = cells.attributes.map(([n]) => n);
    if (product.ordering.length > 0 && !sameNames(names, product.ordering)) {
      fail('Options', `Give a value for each option of this product, and no other: ${product.ordering.join(', ')}.`);
    } else {
      const next = Object.fromEntries(cells.attributes);
      const same = Object.keys(next).length === Object.keys(v.attributes).length && Object.entries(next).every(([k, value]) => v.attributes[k] === value);
      if (!same) {
        set.attributes = JSON.stringify(next);
        report.changes.push('options');
      }
    }
  }
  if (cells.price !== undefined && cells.price !== v.price_cents) {
    set.price_cents = cells.price;
    report.changes.push('price');
  }
  if (cells.salePrice !== undefined && cells.salePrice !== v.sale_price_cents) {
    set.sale_price_cents = cells.salePrice;
    report.changes.push('salePrice');
  }
  if (cells.onSale !== undefined && cells.onSale !== v.on_sale) {
    set.on_sale = cells.onSale ? 1 : 0;
    report.changes.push('onSale');
  }
  if (cells.unlimited !== undefined && cells.unlimited !== v.unlimited) {
    set.unlimited = cells.unlimited ? 1 : 0;
    report.changes.push('unlimited');
  }
  if (cells.weight !== undefined && cells.weight !== v.weight_grams) {
    set.weight_grams = cells.weight;
    report.changes.push('weight');
  }
  return set;
}

const variantDoc = (raw: JsonObject): VariantDoc => ({
  sku: raw.sku as string,
  attributes: raw.attributes as Record<string, string>,
  priceCents: raw.priceCents as number,
  salePriceCents: raw.salePriceCents as number,
  onSale: raw.onSale as boolean,
  stock: raw.stock as number,
  unlimited: raw.unlimited as boolean,
  weightGrams: (raw.weightGrams as number | undefined) ?? null,
  image: null,
  extra: {},
});

/** Which column an issue of the site directory's parser is about. */
const COLUMN_OF: Record<string, CsvColumn> = {
  urlId: 'URL slug',
  title: 'Title',
  status: 'Status',
  productType: 'Type',
  giftCard: 'Type',
  isSubscribable: 'Type',
  subscriptionPlan: 'Type',
  sku: 'SKU',
  priceCents: 'Price',
  salePriceCents: 'Sale price',
  stock: 'Stock',
  weightGrams: 'Weight (g)',
  attributes: 'Options',
};

/** The file's new products, each checked by the site directory's parser and the collection limit. */
function addNewProducts(plan: ImportPlan, state: StoreState, groups: Map<string, NewGroup>) {
  const counts = new Map(state.collectionCounts);
  const positions = new Map(state.collectionLastPosition);
  for (const g of groups.values()) {
    if (g.variants.some((v) => v.report.errors.length > 0)) continue;
    const raw: JsonObject = {
      urlId: g.slug,
      title: g.title,
      status: g.status,
      product: { productType: g.type, variantOptionOrdering: g.ordering, variants: g.variants.map((v) => v.raw) },
    };
    const issues: SiteIssue[] = [];
    const item = parseItem(issues, 'csv', '', 'products', raw);
    for (const issue of issues) {
      const variant = /variants\[(\d+)\]\.(\w+)/.exec(issue.path);
      const report = variant ? g.variants[Number(variant[1])]!.report : g.first;
      const key = variant ? variant[2]! : (issue.path.split('.').find((p) => p !== 'product' && p !== '') ?? '');
      report.errors.push({ column: COLUMN_OF[key] ?? '', message: issue.message });
    }
    const count = (counts.get(g.collectionId) ?? 0) + 1;
    counts.set(g.collectionId, count);
    const [limit] = checkContentLimits({ productsInCollection: count });
    if (limit) g.first.errors.push({ column: 'Collection', message: limit });
    if (issues.length > 0 || limit || !item?.product) continue;
    const position = (positions.get(g.collectionId) ?? -1) + 1;
    positions.set(g.collectionId, position);
    plan.newProducts.push({ collectionId: g.collectionId, position, item: item as ImportPlan['newProducts'][number]['item'] });
  }
}
