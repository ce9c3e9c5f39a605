import { FolderBehavior, PageType } from '../../constants.js';
import type { Store } from '../../storage/dialect.js';
import { findNeighbours, searchVisibleItems, type CollectionRow, type ItemRow, type ProductRows } from '../../storage/content.js';
import type { SiteSnapshot } from './snapshot.js';
import { keptProductsOf, productsOf, visibleItemByUrl, visibleItemsPage } from './catalog.js';
import { collectionContext, collectionUrl, folderChildren, formContext, indexProducts, itemContext, itemUrl } from './context/content.js';
import { keptCollectionContext, keptItemContext, keptMerchandising } from './context/item-memo.js';
import { copyOfShared, shared } from './render-memo.js';
import { layoutContext } from './context/layout.js';
import { relatedProductsOf } from './context/related-products.js';
import { pageBatch } from './context/layout-data/batch.js';
import { navigationContext, navigationTimeKey, pageVisible } from './context/navigation.js';
import { storeSettingsContext, websiteContext, websiteSettingsContext } from './context/site.js';
import { localizedStrings } from './localized-strings.js';
import { addSplashContext, coverOf } from './special-pages.js';
import type { ErrorCode } from '../../errors.js';

/** A policy's refusal of a request (site/access.ts): its code for APIs and assets, and the page shown instead. */
export interface AccessDenial {
  /** The answer of an API call or an asset that the denial covers. */
  readonly code: Extract<ErrorCode, 'MEMBERS_ONLY' | 'PASSWORD_REQUIRED' | 'SITE_LOCKED'>;
  /** Items marked `"preview": true` may still be shown (members' areas: a lesson's text, its video locked). */
  readonly previewAllowed: boolean;
  /** The page shown instead of the denied one. */
  page(req: PageRequest, collection: CollectionRow | null): Promise<PageResult> | PageResult;
}

/** What a page request asks for, independent of HTTP. */
export interface PageRequest {
  snapshot: SiteSnapshot;
  path: string;
  query: Record<string, unknown>;
  now: number;
  baseUrl: string;
  /** The language the page is shown in (the multilingual module's choice); the site's language when absent. */
  language?: string;
  /** Whether this request may see a collection (site/access.ts); everything is open when absent. */
  access?: (c: CollectionRow) => Promise<AccessDenial | null>;
}

/** The page's language: the request's choice, else the site's. */
export function pageLanguage(req: PageRequest): string {
  return req.language ?? req.snapshot.language;
}

export type PageContext = Record<string, unknown> & { pageType: number };

export type PageResult =
  | {
      kind: 'page';
      status: number;
      template: string;
      context: PageContext;
      /** Main content for a theme that has no `template` (pages modules add, such as the newsletter's). */
      fallbackHtml?: string;
    }
  | { kind: 'redirect'; location: string };

/** Parts of the base context that change only with the site (a new snapshot) are built once per snapshot. */
interface SnapshotParts {
  storeSettings: ReturnType<typeof storeSettingsContext>;
  websiteSettings: ReturnType<typeof websiteSettingsContext>;
  websites: Map<string, { minute: number; website: ReturnType<typeof websiteContext> & { primaryLanguage?: string } }>;
  navigation: Map<string, ReturnType<typeof navigationContext>>;
  /** The site's newsletter form (a form with "newsletter": true), shown on every page by themes. */
  newsletterForm: ReturnType<typeof formContext> | null;
}
const snapshotParts = new WeakMap<SiteSnapshot, SnapshotParts>();

function partsOf(s: SiteSnapshot): SnapshotParts {
  let parts = snapshotParts.get(s);
  if (!parts) {
    const storeSettings = storeSettingsContext(s);
    const newsletter = [...s.forms.values()].find((f) => f.definition.newsletter === true);
    // Shared by every page of the version, never changed: the render memo names them by identity.
    parts = {
      storeSettings: shared(storeSettings),
      websiteSettings: shared(websiteSettingsContext(s, storeSettings)),
      websites: new Map(),
      navigation: new Map(),
      newsletterForm: newsletter ? shared(formContext(newsletter)) : null,
    };
    snapshotParts.set(s, parts);
  }
  return parts;
}

/**
 * The context every page starts from: the site, its settings and navigation. The objects shared
 * between requests are never changed after they are built; a page adds its own keys at the top level.
 */
export function baseContext(req: PageRequest, pageType: number): PageContext {
  const s = req.snapshot;
  const parts = partsOf(s);
  const minute = Math.floor(req.now / 60_000); // the time zone offset can change only at a minute boundary
  const language = pageLanguage(req);
  const websiteKey = language === s.language ? req.baseUrl : `${req.baseUrl}\0${language}`;
  let website = parts.websites.get(websiteKey);
  if (!website || website.minute !== minute) {
    if (parts.websites.size > 100) parts.websites.clear();
    const built = websiteContext(s, req.baseUrl, req.now);
    // Another language of the site: `language` is the page's, `primaryLanguage` the site's own.
    website = { minute, website: shared(language === s.language ? built : { ...built, language, primaryLanguage: s.language }) };
    parts.websites.set(websiteKey, website);
  }
  // Scheduled pages join the navigation when their time comes, without a new snapshot.
  const navKey = `${language === s.language ? req.path : `${req.path}\0${language}`}\0${navigationTimeKey(s, req.now)}`;
  let navigation = parts.navigation.get(navKey);
  if (!navigation) {
    if (parts.navigation.size > 1000) parts.navigation.clear();
    navigation = shared(navigationContext(s, req.path, language, req.now));
    parts.navigation.set(navKey, navigation);
  }
  return {
    website: website.website,
    websiteSettings: parts.websiteSettings,
    storeSettings: parts.storeSettings,
    localizedStrings: shared(localizedStrings(language)),
    navigation,
    featureFlags: { useCLDRMoneyFormat: true },
    productMerchandisingContext: {},
    authenticatedAccount: null,
    ...(parts.newsletterForm ? { newsletterForm: parts.newsletterForm } : {}),
    pageType,
  };
}

export function notFoundPage(req: PageRequest): Extract<PageResult, { kind: 'page' }> {
  return { kind: 'page', status: 404, template: 'pages/not-found.page', context: baseContext(req, PageType.NOT_FOUND) };
}

export function errorPage(req: PageRequest): Extract<PageResult, { kind: 'page' }> {
  return { kind: 'page', status: 500, template: 'pages/error.page', context: baseContext(req, PageType.ERROR) };
}

/** Page numbers are positive whole numbers; anything else names no page. */
function pageNumber(query: Record<string, unknown>): number | null {
  const raw = query.page;
  if (raw === undefined) return 1;
  return typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

function findCollection(s: SiteSnapshot, urlId: string): CollectionRow | undefined {
  return s.collectionsByUrlId.get(urlId);
}

/** Whether this request may see the collection (members' areas, passwords: site/access.ts). */
async function denialOf(req: PageRequest, c: CollectionRow): Promise<AccessDenial | null> {
  return req.access ? req.access(c) : null;
}

/** The collections of a list this request may see. */
async function readable(req: PageRequest, collections: CollectionRow[]): Promise<CollectionRow[]> {
  const out: CollectionRow[] = [];
  for (const c of collections) if (!(await denialOf(req, c))) out.push(c);
  return out;
}

async function withProducts(store: Store, req: PageRequest, c: CollectionRow, rows: ItemRow[], pageContext: PageContext, loaded?: ProductRows) {
  const s = req.snapshot;
  const products = indexProducts(
    loaded ??
      (await productsOf(
        store,
        s,
        rows.filter((r) => r.record_type === 11 || c.type_name === 'products').map((r) => r.id),
      )),
  );
  const items = rows.map((row) => keptItemContext(s, s.collectionsById.get(row.collection_id) ?? c, row, products, pageLanguage(req)));
  const storeSettings = pageContext.storeSettings as ReturnType<typeof storeSettingsContext>;
  const scarcityText =
    typeof s.store.merchandising === 'object' && s.store.merchandising && !Array.isArray(s.store.merchandising)
      ? String((s.store.merchandising as Record<string, unknown>).scarcityText ?? '')
      : '';
  // Summaries add products to a page that has some already: merge, never replace.
  pageContext.productMerchandisingContext = {
    ...(pageContext.productMerchandisingContext as Record<string, unknown>),
    ...keptMerchandising(
      storeSettings,
      scarcityText,
      pageContext.localizedStrings as Record<string, string>,
      items as { id: string; structuredContent?: unknown }[],
    ),
  };
  return items;
}

export async function homePage(store: Store, req: PageRequest): Promise<PageResult> {
  const s = req.snapshot;
  const home = s.home ?? s.collections.find((c) => c.access === 'public' && c.type_name !== 'folder');
  if (!home) return notFoundPage(req);
  const denial = await denialOf(req, home);
  if (denial) return denial.page(req, home);
  return collectionPage(store, req, home);
}

export async function collectionPageByUrl(store: Store, req: PageRequest, urlId: string): Promise<PageResult> {
  const c = findCollection(req.snapshot, urlId);
  if (!c) return notFoundPage(req);
  // The home collection has one URL, "/".
  if (req.snapshot.home?.id === c.id) return { kind: 'redirect', location: '/' };
  const denial = await denialOf(req, c);
  if (denial) return denial.page(req, c);
  return collectionPage(store, req, c);
}

async function collectionPage(store: Store, req: PageRequest, c: CollectionRow): Promise<PageResult> {
  const s = req.snapshot;
  if (c.type_name === 'folder') return folderPage(req, c);
  if (c.type_name === 'page') {
    const [row] = (await visibleItemsPage(store, s, c.id, req.now, 1, 0)).rows;
    if (!row) return notFoundPage(req);
    const cover = coverOf(row);
    if (cover) return splashPage(req, c, row, cover);
    return plainPage(store, req, c, row);
  }
  const page = pageNumber(req.query);
  if (page === null) return notFoundPage(req);
  const offset = (page - 1) * c.page_size;
  const counted = await visibleItemsPage(store, s, c.id, req.now, c.page_size + 1, offset);
  const rows = counted.rows;
  // Only the first page may be empty; past the last page there is nothing to show.
  if (page > 1 && rows.length === 0) return notFoundPage(req);
  const count = counted.count ?? 0;
  const hasNext = rows.length > c.page_size;
  const context = baseContext(req, PageType.MAIN_CONTENT);
  const items = await withProducts(store, req, c, rows.slice(0, c.page_size), context);
  const url = collectionUrl(s, c);
  const pageUrl = (n: number) => (n === 1 ? url : `${url}?page=${n}`);
  Object.assign(context, {
    collection: keptCollectionContext(s, c, count, pageLanguage(req)),
    items,
    pagination: {
      currentPage: page,
      pageSize: c.page_size,
      totalPages: Math.max(1, Math.ceil(count / c.page_size)),
      nextPage: hasNext,
      prevPage: page > 1,
      nextPageUrl: hasNext ? pageUrl(page + 1) : null,
      prevPageUrl: page > 1 ? pageUrl(page - 1) : null,
    },
  });
  if (c.type_name === 'events') await eventsExtras(store, req, c, context);
  return { kind: 'page', status: 200, template: `collections/${c.type_name}.list`, context };
}

/** A plain page (page type 2) showing this item of its collection: the visible one, or the editor's unsaved copy (site/preview.ts). */
export async function plainPage(store: Store, req: PageRequest, c: CollectionRow, row: ItemRow): Promise<PageResult> {
  const context = baseContext(req, PageType.PAGE);
  // The page adds its own keys to its item (layout, form, summaries; hooks too): a copy of the kept one.
  const item = copyOfShared((await withProducts(store, req, c, [row], context))[0]!);
  await pageExtras(store, req, row, item, context);
  Object.assign(context, { collection: keptCollectionContext(req.snapshot, c, 1, pageLanguage(req)), item });
  return { kind: 'page', status: 200, template: 'collections/page.page', context };
}

/** A page the owner made a cover page: splash page 3, with a layout of its own (special-pages.ts). */
function splashPage(req: PageRequest, c: CollectionRow, row: ItemRow, cover: NonNullable<ReturnType<typeof coverOf>>): PageResult {
  const context = baseContext(req, PageType.SPLASH_PAGE);
  addSplashContext(req.snapshot, pageLanguage(req), context, c, row, cover);
  return { kind: 'page', status: 200, template: 'pages/cover.page', context };
}

/**
 * A plain page's item made of sections and blocks gets its layout (`item.layout`, context/layout.ts).
 * One without sections may show a site form (`"form": "<formId>"`) and summaries of other collections
 * (`"summaries": [{ "title", "collection", "limit" }]`: the first visible items of that collection).
 */
async function pageExtras(store: Store, req: PageRequest, row: ItemRow, item: Record<string, unknown>, context: PageContext) {
  const s = req.snapshot;
  const data = JSON.parse(row.data) as { form?: unknown; summaries?: unknown; sections?: unknown };
  if (Array.isArray(data.sections)) {
    item.layout = await layoutContext(store, req, data.sections, context, row.data);
    return;
  }
  if (typeof data.form === 'string') {
    const form = s.forms.get(data.form);
    if (form) item.form = formContext(form);
  }
  if (!Array.isArray(data.summaries)) return;
  const summaries = [];
  for (const summary of data.summaries as { title?: unknown; collection?: unknown; limit?: unknown }[]) {
    const c = typeof summary?.collection === 'string' ? findCollection(s, summary.collection) : undefined;
    if (!c || c.type_name === 'folder' || (await denialOf(req, c))) continue;
    const limit = typeof summary.limit === 'number' && Number.isInteger(summary.limit) ? Math.min(Math.max(summary.limit, 1), 50) : 3;
    const { rows } = await visibleItemsPage(store, s, c.id, req.now, limit, 0);
    const items = await withProducts(store, req, c, rows, context);
    summaries.push({
      title: typeof summary.title === 'string' ? summary.title : c.title,
      collection: { title: c.title, urlId: c.url_id, fullUrl: collectionUrl(s, c), typeName: c.type_name },
      items,
    });
  }
  item.summaries = summaries;
}

/** Events lists also give `upcoming` (soonest first) and `past` (most recent first) events. */
async function eventsExtras(store: Store, req: PageRequest, c: CollectionRow, context: PageContext) {
  const s = req.snapshot;
  const { rows } = await visibleItemsPage(store, s, c.id, req.now, 250, 0);
  const items = rows.map((row) => ({ row, item: itemContext(s, c, row, indexProducts({ products: [], variants: [], plans: [] }), pageLanguage(req)) }));
  const ends = (r: ItemRow) => r.end_date ?? r.start_date ?? 0;
  context.upcoming = items
    .filter(({ row }) => ends(row) >= req.now)
    .sort((a, b) => (a.row.start_date ?? 0) - (b.row.start_date ?? 0))
    .map(({ item }) => item);
  context.past = items
    .filter(({ row }) => ends(row) < req.now)
    .sort((a, b) => (b.row.start_date ?? 0) - (a.row.start_date ?? 0))
    .map(({ item }) => item);
}

function folderPage(req: PageRequest, c: CollectionRow): PageResult {
  const s = req.snapshot;
  // Members' areas and protected collections are listed too: opening one asks to join or for its password.
  // A plain page a visitor may not see yet (a draft, scheduled for later) is left out, as in the navigation.
  const children = folderChildren(s, c).filter((child) => pageVisible(s, child, req.now));
  const behavior = c.folder_behavior ?? FolderBehavior.INDEX;
  if (behavior === FolderBehavior.REDIRECT) {
    return children[0] ? { kind: 'redirect', location: collectionUrl(s, children[0]) } : notFoundPage(req);
  }
  if (behavior === FolderBehavior.NONE) return notFoundPage(req);
  const context = baseContext(req, PageType.MAIN_CONTENT);
  Object.assign(context, {
    collection: collectionContext(s, c, children.length, pageLanguage(req)),
    items: children.map((child) => ({ ...collectionContext(s, child, null, pageLanguage(req)), collection: true })),
  });
  return { kind: 'page', status: 200, template: 'collections/folder.list', context };
}

export async function itemPage(store: Store, req: PageRequest, collectionUrlId: string, itemUrlId: string): Promise<PageResult> {
  const s = req.snapshot;
  const c = findCollection(s, collectionUrlId);
  if (!c || c.type_name === 'folder' || c.type_name === 'page') return notFoundPage(req);
  const denial = await denialOf(req, c);
  // A denied collection's items answer its denial page, whether or not they exist (nothing leaks);
  // a members' area may show the items it marks as previews.
  if (denial && !denial.previewAllowed) return denial.page(req, c);
  const row = await visibleItemByUrl(store, s, c.id, itemUrlId, req.now);
  if (denial && !(row && (JSON.parse(row.data) as { preview?: unknown }).preview === true)) return denial.page(req, c);
  if (!row) return notFoundPage(req);
  return itemPageOf(store, req, c, row);
}

/** A content item's page (page type 50) for this item: the visible one, or the editor's unsaved copy (site/preview.ts). */
export async function itemPageOf(store: Store, req: PageRequest, c: CollectionRow, row: ItemRow): Promise<PageResult> {
  const s = req.snapshot;
  const context = baseContext(req, PageType.ITEM);
  // The product's own row is the site version's (kept); its variants and those of its related
  // products are read together, in one query of the page's batch (context/layout-data/batch.ts).
  const kept = await keptProductsOf(store, s, [row.id]);
  const batch = pageBatch(store, req, context);
  const [item, related, { prev, next }] = await Promise.all([
    // The page adds its own keys to its item (related products, layout; hooks too): a copy of the kept one.
    batch
      .productsOf(kept.products.length > 0 ? [row.id] : [])
      .then((products) => withProducts(store, req, c, [row], context, products))
      .then(([first]) => (first ? copyOfShared(first) : first)),
    // A product page shows its related products (context/related-products.ts).
    c.type_name === 'products' ? relatedProductsOf(store, req, context, row, kept.products[0]) : null,
    findNeighbours(store.db, s.website.id, c.id, row.position, req.now),
  ]);
  if (item && related) item.relatedProducts = related;
  // A post's or an event's body made of blocks shows in place of its `body`.
  // (Read again only when the data names sections: the item's context has parsed it once already.)
  const sections = row.data.includes('"sections"') ? (JSON.parse(row.data) as { sections?: unknown }).sections : undefined;
  if (item && Array.isArray(sections)) item.layout = await layoutContext(store, req, sections, context, row.data);
  const link = (row: { url_id: string; title: string } | undefined) => (row ? { title: row.title, fullUrl: itemUrl(s, c, row) } : null);
  Object.assign(context, {
    collection: keptCollectionContext(s, c, null, pageLanguage(req)),
    item,
    pagination: { prevItem: link(prev), nextItem: link(next) },
  });
  return { kind: 'page', status: 200, template: `collections/${c.type_name}.item`, context };
}

const SEARCH_PAGE_SIZE = 20;

/** /search?q=...: published content of public collections only (page type 102). */
export async function searchPage(store: Store, req: PageRequest): Promise<PageResult> {
  const s = req.snapshot;
  const raw = typeof req.query.q === 'string' ? req.query.q : '';
  const query = raw.trim().slice(0, 200);
  const terms = query.split(/\s+/).filter(Boolean).slice(0, 10);
  const page = pageNumber(req.query) ?? 1;
  // Restricted collections are searched only for those who may open them (members, an unlocked password).
  const candidates = s.collections.filter((c) => c.type_name !== 'folder' && (c.access === 'public' || req.access));
  const searchable = (await readable(req, candidates)).map((c) => c.id);
  const rows = await searchVisibleItems(store.db, s.website.id, terms, searchable, req.now, SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE);
  const context = baseContext(req, PageType.SEARCH);
  const first = s.collections[0];
  const items = first ? await withProducts(store, req, first, rows.slice(0, SEARCH_PAGE_SIZE), context) : [];
  const hasNext = rows.length > SEARCH_PAGE_SIZE;
  const pageUrl = (n: number) => `/search?q=${encodeURIComponent(query)}${n > 1 ? `&page=${n}` : ''}`;
  Object.assign(context, {
    search: { query, resultCount: items.length },
    items,
    pagination: {
      currentPage: page,
      pageSize: SEARCH_PAGE_SIZE,
      nextPage: hasNext,
      prevPage: page > 1,
      nextPageUrl: hasNext ? pageUrl(page + 1) : null,
      prevPageUrl: page > 1 ? pageUrl(page - 1) : null,
    },
  });
  return { kind: 'page', status: 200, template: 'pages/search.page', context };
}

/** The store pages (cart 200, checkout 201, order confirmed 202): the islands fill them in (commerce issues). */
export function storePage(req: PageRequest, pageType: number, template: string, extra: Record<string, unknown> = {}): PageResult {
  const context = baseContext(req, pageType);
  Object.assign(context, extra);
  return { kind: 'page', status: 200, template, context };
}
