import { hostnameOf } from '../../http/origin.js';
import type { Store } from '../../storage/dialect.js';
import {
  findSiteSettings,
  findWebsite,
  listCollections,
  listForms,
  listNavigation,
  listPagePublication,
  resolveWebsite,
  websiteVersion,
  type CollectionRow,
  type WebsiteRow,
} from '../../storage/content.js';
import type { JsonObject, NavEntry } from '../../site-dir/types.js';
import { isObject } from '../../site-dir/checker.js';
import { ProductType } from '../../constants.js';
import { listSiteVariants } from '../../storage/assets.js';
import { listSiteStyles } from '../../storage/site-styles.js';

/** A resized or re-encoded copy of an image, as the asset route serves it (storage: asset_variants). */
export interface AssetVariant {
  readonly width: number;
  readonly height: number;
  /** jpeg, png, webp or gif */
  readonly format: string;
  readonly blobKey: string;
  readonly size: number;
}

export interface AssetInfo {
  id: string;
  sha256: string;
  width: number | null;
  height: number | null;
  contentType: string;
  /** Where the bytes are in the store's blob store, and how many there are. */
  blobKey: string;
  size: number;
  /** The image service's variants, narrowest first (empty for other files and images not processed). */
  variants: readonly AssetVariant[];
  /** colorData as themes read it (topLeftAverage ... centerAverage), when the image service measured it. */
  colorData: Record<string, string> | null;
  /** A data URL of a tiny copy of the image. */
  placeholder: string | null;
  /** A video's or audio file's length, when read (docs/media.md "Video and audio"). */
  durationMs?: number | null;
  /** The path of the library image shown before a video plays. */
  posterPath?: string | null;
  /** An entry added from a link: the provider's facts as stored (JSON), null for a stored file. */
  embed?: string | null;
}

/**
 * What a site's pages need that changes only when the owner changes the site: the website row,
 * settings, collections, navigation, forms and the list of assets. Cached per website and per
 * `websites.version` (bumped on every such change), so a request costs one small query to learn
 * the version. Which items show, their publication and variants (prices, stock) are read per request;
 * the content of the items and products pages show is kept per version too (catalog.ts).
 */
export interface SiteSnapshot {
  website: WebsiteRow;
  version: number;
  siteTitle: string;
  siteDescription: string;
  logo: string | null;
  language: string;
  timeZone: string;
  currency: string;
  socialAccounts: JsonObject[];
  settings: JsonObject;
  store: JsonObject;
  collections: CollectionRow[];
  collectionsByUrlId: Map<string, CollectionRow>;
  collectionsById: Map<string, CollectionRow>;
  home: CollectionRow | undefined;
  navigation: Record<string, NavEntry[]>;
  /**
   * Per plain page (a `page` collection), its item's status and publication date: a page whose item
   * a visitor may not see is left out of the navigation (context/navigation.ts). Publishing changes
   * the site's version, so this is as fresh as the snapshot; a scheduled date is compared per request.
   */
  pagePublication: Map<string, { status: string; publishOn: number | null }>;
  forms: Map<string, { id: string; name: string; definition: JsonObject }>;
  assets: Map<string, AssetInfo>;
  /** Assets that are sold (digital product files): never served by the public asset route. */
  privateAssets: Set<string>;
  /** The host names the site lists (site.json `hosts`): requests for them may build links to themselves (http/origin.ts). */
  hosts: readonly string[];
  isDefault: boolean;
  /** Per theme name, the style paths the owner saved (modules/design): only what differs from the theme's defaults. */
  styles: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

export async function loadSnapshot(store: Store, websiteId: string): Promise<SiteSnapshot | undefined> {
  const db = store.db;
  const [website, settings, collections, navigation, pages, forms, assets, variants, products, hosts, styles] = await Promise.all([
    findWebsite(db, websiteId),
    findSiteSettings(db, websiteId),
    listCollections(db, websiteId),
    listNavigation(db, websiteId),
    listPagePublication(db, websiteId),
    listForms(db, websiteId),
    db
      .selectFrom('assets')
      .select([
        'id',
        'path',
        'sha256',
        'width',
        'height',
        'content_type',
        'blob_key',
        'size',
        'color_data',
        'placeholder',
        'duration_ms',
        'poster_asset_id',
        'embed',
      ])
      .where('website_id', '=', websiteId)
      .execute(),
    listSiteVariants(db, websiteId),
    db.selectFrom('products').select('data').where('website_id', '=', websiteId).where('product_type', '=', ProductType.DIGITAL).execute(),
    db.selectFrom('website_hosts').select('host').where('website_id', '=', websiteId).orderBy('host').execute(),
    listSiteStyles(db, websiteId),
  ]);
  const privateAssets = new Set<string>();
  for (const p of products) {
    const digital = (JSON.parse(p.data) as JsonObject).digital;
    if (isObject(digital) && typeof digital.file === 'string') privateAssets.add(digital.file);
  }
  if (!website || !settings) return undefined;
  const pathsById = new Map(assets.map((a) => [a.id, a.path]));
  const variantsByAsset = new Map<string, AssetVariant[]>();
  for (const v of variants) {
    const list = variantsByAsset.get(v.asset_id) ?? [];
    list.push({ width: v.width, height: v.height, format: v.format, blobKey: v.blob_key, size: v.size });
    variantsByAsset.set(v.asset_id, list);
  }
  return {
    website,
    version: website.version,
    siteTitle: settings.site_title,
    siteDescription: settings.site_description,
    logo: settings.logo,
    language: settings.language,
    timeZone: settings.time_zone,
    currency: settings.currency,
    socialAccounts: JSON.parse(settings.social_accounts),
    settings: JSON.parse(settings.website_settings),
    store: JSON.parse(settings.store_settings),
    collections,
    collectionsByUrlId: new Map(collections.map((c) => [c.url_id, c])),
    collectionsById: new Map(collections.map((c) => [c.id, c])),
    home: collections.find((c) => c.is_home === 1),
    navigation: Object.fromEntries(navigation.map((n) => [n.name, JSON.parse(n.entries) as NavEntry[]])),
    pagePublication: new Map(pages.map((p) => [p.collection_id, { status: p.status, publishOn: p.publish_on === null ? null : Number(p.publish_on) }])),
    forms: new Map(forms.map((f) => [f.form_key, { id: f.form_key, name: f.name, definition: JSON.parse(f.definition) }])),
    assets: new Map(
      assets.map((a) => [
        a.path,
        {
          id: a.id,
          sha256: a.sha256,
          width: a.width,
          height: a.height,
          contentType: a.content_type,
          blobKey: a.blob_key,
          size: a.size,
          variants: variantsByAsset.get(a.id) ?? [],
          colorData: a.color_data ? (JSON.parse(a.color_data) as Record<string, string>) : null,
          placeholder: a.placeholder,
          durationMs: a.duration_ms === null ? null : Number(a.duration_ms),
          posterPath: a.poster_asset_id ? (pathsById.get(a.poster_asset_id) ?? null) : null,
          embed: a.embed,
        },
      ]),
    ),
    privateAssets,
    hosts: hosts.map((h) => h.host.toLowerCase()),
    isDefault: website.is_default === 1,
    styles: new Map([...styles].map(([theme, row]) => [theme, row.saved])),
  };
}

/** How long a Host -> site mapping is trusted before it is looked up again. */
const HOST_TTL_MS = 5_000;

export class SiteSnapshots {
  private readonly cache = new Map<string, Promise<SiteSnapshot | undefined>>();
  private readonly hosts = new Map<string, { id: string; until: number }>();
  /** The version last read from the store per site, and until when it is trusted. */
  private readonly versions = new Map<string, { version: number; until: number }>();

  /** @param versionTtlMs how long a site's version, read from the store, is trusted (config.siteCacheMs). */
  constructor(
    private readonly store: Store,
    private readonly versionTtlMs = 0,
  ) {}

  /**
   * Forgets the version this process trusts for a site, after a change it made itself (the owner's
   * store settings): its next request reads the version again instead of waiting for versionTtlMs.
   */
  changed(websiteId: string): void {
    this.versions.delete(websiteId);
  }

  /**
   * The snapshot of the site that answers this Host (lowercased, without port). Which site answers a
   * host is remembered for HOST_TTL_MS; the site's version is read from the store again after
   * versionTtlMs, so a change made by any process is seen within that time.
   */
  async forHost(host: string): Promise<SiteSnapshot | undefined> {
    // How long a cached answer is trusted is real elapsed time, not the app's clock: another
    // process's change must show within SITE_CACHE_MS however a test moves the clock.
    const now = performance.now();
    const known = this.hosts.get(host);
    let found: { id: string; version: number } | undefined;
    if (known && known.until > now) {
      const trusted = this.versions.get(known.id);
      found = trusted && trusted.until > now ? { id: known.id, version: trusted.version } : await websiteVersion(this.store.db, known.id);
    }
    if (!found) {
      found = await resolveWebsite(this.store.db, host);
      if (!found) return undefined;
      if (this.hosts.size > 10_000) this.hosts.clear(); // unknown hosts are unbounded: keep the map small
      this.hosts.set(host, { id: found.id, until: now + HOST_TTL_MS });
    }
    if (this.versionTtlMs > 0) this.versions.set(found.id, { version: found.version, until: now + this.versionTtlMs });
    const key = `${found.id}:${found.version}`;
    let entry = this.cache.get(key);
    if (!entry) {
      // Drop older versions of this site before loading the new one.
      for (const k of this.cache.keys()) if (k.startsWith(`${found.id}:`)) this.cache.delete(k);
      entry = loadSnapshot(this.store, found.id);
      this.cache.set(key, entry);
      entry.catch(() => this.cache.delete(key));
    }
    return entry;
  }
}

/** The host name a Host header names, lowercased, without port or trailing dot ("" without one): http/origin.ts. */
export function normalizeHost(header: string | undefined): string {
  return header ? hostnameOf(header) : '';
}
