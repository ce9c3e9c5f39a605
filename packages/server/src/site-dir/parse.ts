import { isValidEmail } from '@tessera/core';
import { isReservedPath } from '@tessera/core/layout';
import { isTimeZone } from '@tessera/core/zone';
import { DEFAULT_TIME_ZONE, FolderBehavior, ProductType } from '../constants.js';
import { isObject, Reader, type SiteIssue } from './checker.js';
import { readItemSections } from './layout.js';
import { readCurrency, readStore } from './store.js';
import {
  COLLECTION_KINDS,
  CONTENT_STATUSES,
  type CollectionDoc,
  type CollectionKind,
  type ContentStatus,
  type FormDoc,
  type ItemDoc,
  type Json,
  type JsonObject,
  type NavEntry,
  type ProductDoc,
  type SiteDoc,
  type SubscriptionPlanDoc,
  type VariantDoc,
} from './types.js';

const URL_ID = /^[a-z0-9][a-z0-9-_.]*$/i;
const URL_ID_TEXT = 'may hold only letters, digits, "-", "_" and "." and must start with a letter or digit';
const IDENTIFIER = /^[a-z0-9][a-z0-9-]*$/;
/** A navigation entry's own id (links and folders, which have no collection to name them). */
const NAV_ID = /^[a-z0-9][a-z0-9-_]{0,63}$/i;

export function parseSite(issues: SiteIssue[], file: string, raw: unknown): SiteDoc | null {
  const r = Reader.of(issues, file, '', raw);
  if (!r) return null;
  const timeZone = r.string('timeZone', DEFAULT_TIME_ZONE);
  if (!isTimeZone(timeZone)) r.fail('timeZone', `"${timeZone}" is not an IANA time zone`);
  const currency = readCurrency(r);
  const language = r.string('language', 'en-US');
  try {
    Intl.getCanonicalLocales(language);
  } catch {
    r.fail('language', `"${language}" is not a BCP 47 language tag`);
  }
  const socialAccounts = r.array('socialAccounts').filter((entry, i): entry is JsonObject => {
    if (!isObject(entry)) r.fail(`socialAccounts[${i}]`, 'must be an object');
    return isObject(entry);
  });
  return {
    identifier: r.string('identifier', null, { pattern: IDENTIFIER, patternText: 'may hold only lowercase letters, digits and "-"' }),
    hosts: r.stringArray('hosts').map((h) => h.toLowerCase()),
    siteTitle: r.string('siteTitle', null),
    siteDescription: r.string('siteDescription', ''),
    theme: r.string('theme', 'default', { pattern: IDENTIFIER, patternText: 'is not a theme folder name' }),
    language,
    timeZone,
    currency,
    logo: r.optionalString('logo'),
    socialAccounts,
    settings: r.object('settings'),
    store: readStore(r),
    ...readStyles(r),
    extra: r.rest(),
  };
}

/** site.json `styles`: `{ "<theme>": { "<path>": value } }`, values a string, number or boolean. */
function readStyles(r: Reader): Pick<SiteDoc, 'styles'> {
  if (r.obj.styles === undefined) return {};
  const styles: NonNullable<SiteDoc['styles']> = {};
  for (const [theme, paths] of Object.entries(r.object('styles'))) {
    if (!isObject(paths)) {
      r.fail(`styles.${theme}`, 'must be an object of setting paths');
      continue;
    }
    const own: Record<string, string | number | boolean> = {};
    for (const [path, value] of Object.entries(paths)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') own[path] = value;
      else r.fail(`styles.${theme}.${path}`, 'must be a string, a number or true/false');
    }
    styles[theme] = own;
  }
  return { styles };
}

export function parseNavigation(issues: SiteIssue[], file: string, raw: unknown): Record<string, NavEntry[]> {
  const r = Reader.of(issues, file, '', raw);
  if (!r) return {};
  const out: Record<string, NavEntry[]> = {};
  for (const name of Object.keys(r.obj)) {
    out[name] = navEntries(issues, file, name, r.array(name), 0);
  }
  return out;
}

function navEntries(issues: SiteIssue[], file: string, path: string, list: Json[], depth: number): NavEntry[] {
  const out: NavEntry[] = [];
  list.forEach((value, i) => {
    const r = Reader.of(issues, file, `${path}[${i}]`, value);
    if (!r) return;
    const entry: NavEntry = { title: r.string('title', null) };
    const id = r.optionalString('id');
    const collection = r.optionalString('collection');
    const url = r.optionalString('url');
    const items = r.has('items') ? r.array('items') : null;
    const kinds = [collection, url, items].filter((x) => x !== null).length;
    // A folder collection's entry names the collection and holds its links: the one pair allowed.
    const folderCollection = collection !== null && items !== null && url === null;
    if (kinds !== 1 && !folderCollection) r.fail(null, 'must have exactly one of "collection", "url" or "items"');
    if (id !== null) {
      if (!NAV_ID.test(id)) r.fail('id', 'may hold only letters, digits, "-" and "_"');
      entry.id = id;
    }
    if (r.has('hidden') && r.boolean('hidden', false)) entry.hidden = true;
    if (collection !== null) entry.collection = collection;
    if (url !== null) entry.url = url;
    if (items !== null) {
      if (depth > 0) r.fail('items', 'folders in navigation hold links, not other folders');
      entry.items = navEntries(issues, file, `${path}[${i}].items`, items, depth + 1);
    }
    out.push(entry);
  });
  return out;
}

export function parseForm(issues: SiteIssue[], file: string, expectedId: string, raw: unknown): FormDoc | null {
  const r = Reader.of(issues, file, '', raw);
  if (!r) return null;
  const id = r.string('id', expectedId, { pattern: URL_ID, patternText: URL_ID_TEXT });
  if (id !== expectedId) r.fail('id', `"${id}" must match the file name "${expectedId}"`);
  const name = r.string('name', null);
  const fields = r.array('fields');
  const seen = new Set<string>();
  fields.forEach((field, i) => {
    const f = Reader.of(issues, file, `fields[${i}]`, field);
    if (!f) return;
    const fieldId = f.string('id', null);
    f.string('type', null);
    if (seen.has(fieldId)) f.fail('id', `"${fieldId}" is used by two fields`);
    seen.add(fieldId);
  });
  // Where submissions go (the studio's form settings): checked here so a hand edit fails the import, not a submission.
  for (const key of ['storeSubmissions', 'notifyOwner', 'addToMailingList']) r.boolean(key, true);
  const notifyEmail = r.optionalString('notifyEmail');
  if (notifyEmail !== null && !isValidEmail(notifyEmail.trim())) r.fail('notifyEmail', `"${notifyEmail}" is not an email address`);
  const definition = { ...r.obj };
  delete definition.id;
  delete definition.name;
  return { id, name, definition };
}

const COLUMN_FIELDS = ['urlId', 'title', 'status', 'publishOn', 'excerpt', 'body', 'startDate', 'endDate', 'recordType', 'product'];

export function parseCollection(issues: SiteIssue[], file: string, expectedUrlId: string, raw: unknown): CollectionDoc | null {
  const r = Reader.of(issues, file, '', raw);
  if (!r) return null;
  const urlId = r.string('urlId', expectedUrlId, { pattern: URL_ID, patternText: URL_ID_TEXT });
  if (urlId !== expectedUrlId) r.fail('urlId', `"${urlId}" must match the file name "${expectedUrlId}"`);
  if (isReservedPath(urlId)) r.fail('urlId', `"${urlId}" is a path Tessera uses itself; choose another`);
  const type = r.string('type', null) as CollectionKind;
  if (!COLLECTION_KINDS.includes(type)) r.fail('type', `"${type}" is not one of ${COLLECTION_KINDS.join(', ')}`);
  const isFolder = type === 'folder';
  const folderBehavior = isFolder ? r.integer('folderBehavior', FolderBehavior.INDEX, 1, 3) : null;
  if (!isFolder && r.has('folderBehavior')) r.fail('folderBehavior', 'only folders have a folder behaviour');
  const children = r.stringArray('children');
  if (!isFolder && children.length > 0) r.fail('children', 'only folders hold other collections');
  const items = r.array('items');
  if (isFolder && items.length > 0) r.fail('items', 'a folder holds collections (children), not items');
  const collection: CollectionDoc = {
    urlId,
    title: r.string('title', null),
    type,
    description: r.string('description', ''),
    folderBehavior,
    isHome: r.boolean('isHome', false),
    pageSize: r.integer('pageSize', 20, 1, 100),
    access: r.string('access', 'public'),
    children,
    items: [],
    extra: {},
  };
  if (!['public', 'members'].includes(collection.access)) r.fail('access', 'must be "public" or "members"');
  const urlIds = new Set<string>();
  items.forEach((value, i) => {
    const item = parseItem(issues, file, `items[${i}]`, type, value);
    if (!item) return;
    if (urlIds.has(item.urlId)) issues.push({ file, path: `items[${i}].urlId`, message: `"${item.urlId}" is used by two items` });
    urlIds.add(item.urlId);
    collection.items.push(item);
  });
  if (type === 'page' && collection.items.length > 1) {
    // A page collection is one page: more items would have no URL of their own.
    r.fail('items', 'a page collection holds one item');
  }
  collection.extra = r.rest();
  return collection;
}

export function parseItem(issues: SiteIssue[], file: string, path: string, kind: CollectionKind, raw: unknown): ItemDoc | null {
  const r = Reader.of(issues, file, path, raw);
  if (!r) return null;
  const status = r.string('status', 'published') as ContentStatus;
  if (!CONTENT_STATUSES.includes(status)) r.fail('status', `"${status}" is not one of ${CONTENT_STATUSES.join(', ')}`);
  const publishOn = r.date('publishOn');
  if (status === 'scheduled' && publishOn === null) r.fail('publishOn', 'a scheduled item needs the date it is published on');
  const item: ItemDoc = {
    urlId: r.string('urlId', null, { pattern: URL_ID, patternText: URL_ID_TEXT }),
    title: r.string('title', null),
    status,
    publishOn,
    excerpt: r.string('excerpt', ''),
    body: r.string('body', ''),
    startDate: r.date('startDate'),
    endDate: r.date('endDate'),
    recordType: r.has('recordType') ? r.integer('recordType', null, 1, 100) : null,
    product: null,
    data: {},
  };
  if (item.startDate !== null && item.endDate !== null && item.endDate < item.startDate) {
    r.fail('endDate', 'is before startDate');
  }
  const product = r.child('product');
  if (kind === 'products' && !product) r.fail('product', 'is required in a products collection');
  if (kind !== 'products' && product) r.fail('product', 'only items of a products collection are products');
  if (product) item.product = parseProduct(product);
  // The other fields are kept as written; these are checked because themes and limits rely on them.
  r.stringArray('tags');
  r.stringArray('categories');
  for (const key of ['mainImage', 'mainImageAlt', 'author', 'externalLink']) r.optionalString(key);
  for (const key of ['images', 'tracks']) r.array(key);
  if (r.has('location')) r.object('location');
  // A page's blocks live in its sections now; a list of blocks alone would be silently dropped.
  if (r.has('blocks')) r.fail('blocks', 'is replaced by "sections", a list of sections holding blocks (docs/site-format.md "Page layouts")');
  const sections = readItemSections(r);
  for (const [k, v] of Object.entries(r.obj)) if (!COLUMN_FIELDS.includes(k)) item.data[k] = v;
  if (sections !== undefined) item.data.sections = sections;
  return item;
}

function parseProduct(r: Reader): ProductDoc {
  const productType = r.integer('productType', null, ProductType.PHYSICAL, ProductType.PAYWALL);
  const ordering = r.stringArray('variantOptionOrdering');
  const variants: VariantDoc[] = [];
  const list = r.array('variants');
  if (list.length === 0) r.fail('variants', 'a product needs at least one variant');
  list.forEach((value, i) => {
    const v = Reader.of(r.issues, r.file, `${r.path}.variants[${i}]`, value);
    if (v) variants.push(parseVariant(v, ordering));
  });
  const isSubscribable = r.boolean('isSubscribable', false);
  let subscriptionPlan: SubscriptionPlanDoc | null = null;
  const plan = r.child('subscriptionPlan');
  if (plan) {
    const period = plan.child('billingPeriod');
    const unit = period?.string('unit', null) ?? 'MONTH';
    if (!['WEEK', 'MONTH', 'YEAR'].includes(unit)) period?.fail('unit', 'must be WEEK, MONTH or YEAR');
    subscriptionPlan = {
      billingPeriod: { value: period?.integer('value', null, 1, 1000) ?? 1, unit: unit as 'WEEK' | 'MONTH' | 'YEAR' },
      numBillingCycles: plan.integer('numBillingCycles', 0, 0, 10000),
    };
    if (!period) plan.fail('billingPeriod', 'is required');
  }
  if (isSubscribable) {
    // Spec: subscriptions can be sold only for physical and service product types.
    if (productType !== ProductType.PHYSICAL && productType !== ProductType.SERVICE) {
      r.fail('isSubscribable', 'only physical (1) and service (3) products can be sold as subscriptions');
    }
    if (!subscriptionPlan) r.fail('subscriptionPlan', 'a subscribable product needs a subscription plan');
  }
  if (productType === ProductType.GIFT_CARD) {
    // Read without consuming: giftCard stays in the product's data as written.
    const giftCard = r.obj.giftCard;
    const denominations = isObject(giftCard) && Array.isArray(giftCard.denominationsCents) ? giftCard.denominationsCents : [];
    if (denominations.length === 0 || denominations.some((d) => !Number.isInteger(d) || (d as number) <= 0)) {
      r.fail('giftCard.denominationsCents', 'a gift card needs a list of denominations in minor units');
    }
  }
  const product: ProductDoc = {
    productType,
    variantOptionOrdering: ordering,
    variants,
    isSubscribable,
    subscriptionPlan,
    additionalFieldsForm: r.optionalString('additionalFieldsForm'),
    customAddButtonText: r.string('customAddButtonText', ''),
    data: {},
  };
  product.data = r.rest();
  return product;
}

function parseVariant(v: Reader, ordering: string[]): VariantDoc {
  const attributes = v.object('attributes');
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value !== 'string') v.fail(`attributes.${name}`, 'must be a string');
    else attrs[name] = value;
    if (ordering.length > 0 && !ordering.includes(name)) {
      v.fail(`attributes.${name}`, `"${name}" is not in the product's variantOptionOrdering`);
    }
  }
  const unlimited = v.boolean('unlimited', false);
  return {
    sku: v.string('sku', null, { pattern: /^\S.{0,63}$/, patternText: 'must be 1 to 64 characters, not starting with a space' }),
    attributes: attrs,
    priceCents: v.integer('priceCents', null, 0, 2_000_000_000),
    salePriceCents: v.integer('salePriceCents', 0, 0, 2_000_000_000),
    onSale: v.boolean('onSale', false),
    stock: v.integer('stock', unlimited ? 0 : null, 0, 1_000_000_000),
    unlimited,
    weightGrams: v.has('weightGrams') ? v.integer('weightGrams', null, 0, 10_000_000) : null,
    image: v.optionalString('image'),
    extra: v.rest(),
  };
}
