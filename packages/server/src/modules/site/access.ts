import type { FastifyRequest } from 'fastify';
import type { Store } from '../../storage/dialect.js';
import type { CollectionRow } from '../../storage/content.js';
import type { AccessDenial } from './pages.js';

export type { AccessDenial } from './pages.js';
import type { SiteSnapshot } from './snapshot.js';

/**
 * Who may see what: the site module asks, the modules that restrict content answer.
 * A policy may lock the whole site (the lock screen, page type 103), or deny one collection to this
 * request (a members-only area, 106; a password-protected page or collection, 105). Every page,
 * `?format=json`, search, summary and site asset goes through these checks on the server; a denied
 * page is replaced by the policy's own page, which holds nothing of the content.
 */
export interface AccessPolicy {
  /** A denial of the whole site for this request (the lock screen), or null. */
  site?(request: FastifyRequest, s: SiteSnapshot): Promise<AccessDenial | null>;
  /** A denial of this collection for this request, or null. */
  collection?(request: FastifyRequest, s: SiteSnapshot, c: CollectionRow): Promise<AccessDenial | null>;
  /** Whether the policy restricts the collection for anyone at all (answers the same for every request). */
  restricts?(s: SiteSnapshot, c: CollectionRow): boolean;
  /** Whether the policy may lock the whole site (then no answer of it is kept by shared caches). */
  restrictsSite?(s: SiteSnapshot): boolean;
}

const PER_REQUEST = Symbol('tessera.access');
type Cached = FastifyRequest & { [PER_REQUEST]?: Map<string, Promise<AccessDenial | null>> };

/** Item fields that are site asset paths: what an item shows. `video` and `captions` are never public. */
const ASSET_FIELDS = ['mainImage', 'images', 'video', 'videoPoster', 'captions', 'poster', 'file', 'path'];
const ASSET_PATH = /^assets\/[^\s"'<>]+$/;
const BODY_ASSET = /\/(assets\/[^\s"'<>?#]+)/g;

export class SiteAccess {
  private readonly policies: AccessPolicy[] = [];
  private readonly assetIndex = new WeakMap<SiteSnapshot, Promise<Map<string, string[]>>>();

  constructor(private readonly store: Store | null = null) {}

  add(policy: AccessPolicy): void {
    this.policies.push(policy);
  }

  async site(request: FastifyRequest, s: SiteSnapshot): Promise<AccessDenial | null> {
    return this.cached(request, '\0site', async () => {
      for (const p of this.policies) {
        const denial = await p.site?.(request, s);
        if (denial) return denial;
      }
      return null;
    });
  }

  /** The first denial of any policy (checked once per request and collection). */
  async collection(request: FastifyRequest, s: SiteSnapshot, c: CollectionRow): Promise<AccessDenial | null> {
    return this.cached(request, c.id, async () => {
      for (const p of this.policies) {
        const denial = await p.collection?.(request, s, c);
        if (denial) return denial;
      }
      return null;
    });
  }

  /** Whether any policy restricts the collection for somebody. */
  restricted(s: SiteSnapshot, c: CollectionRow): boolean {
    return this.policies.some((p) => p.restricts?.(s, c) === true);
  }

  /**
   * A site asset may be served to this request unless every collection whose items use it denies
   * the request. Assets no public item uses belong to the restricted collections that use them;
   * a lesson's `video` and `captions` belong to its collection even on a preview item.
   */
  async asset(request: FastifyRequest, s: SiteSnapshot, path: string): Promise<AccessDenial | null> {
    const locked = await this.site(request, s);
    if (locked) return locked;
    const owners = (await this.restrictedAssets(s)).get(path);
    if (!owners) return null;
    let denial: AccessDenial | null = null;
    for (const id of owners) {
      const c = s.collectionsById.get(id);
      if (!c) continue;
      denial = await this.collection(request, s, c);
      if (!denial) return null;
    }
    return denial;
  }

  /** Whether an asset is restricted for anybody: such answers are never kept by shared caches. */
  async assetRestricted(s: SiteSnapshot, path: string): Promise<boolean> {
    return (await this.restrictedAssets(s)).has(path) || this.policies.some((p) => p.restrictsSite?.(s) === true);
  }

  private cached(request: FastifyRequest, key: string, compute: () => Promise<AccessDenial | null>): Promise<AccessDenial | null> {
    const r = request as Cached;
    const map = (r[PER_REQUEST] ??= new Map());
    let entry = map.get(key);
    if (!entry) map.set(key, (entry = compute()));
    return entry;
  }

  private restrictedAssets(s: SiteSnapshot): Promise<Map<string, string[]>> {
    let index = this.assetIndex.get(s);
    if (!index) {
      index = this.buildAssetIndex(s);
      this.assetIndex.set(s, index);
      index.catch(() => this.assetIndex.delete(s));
    }
    return index;
  }

  private async buildAssetIndex(s: SiteSnapshot): Promise<Map<string, string[]>> {
    const restricted = new Set(s.collections.filter((c) => this.restricted(s, c)).map((c) => c.id));
    const owners = new Map<string, string[]>();
    if (restricted.size === 0 || !this.store) return owners;
    const rows = await this.store.db.selectFrom('items').select(['collection_id', 'body', 'excerpt', 'data']).where('website_id', '=', s.website.id).execute();
    const publicPaths = new Set<string>();
    for (const row of rows) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const closed = restricted.has(row.collection_id);
      const preview = data.preview === true;
      for (const [field, path] of assetPaths(data, row.body + row.excerpt)) {
        const alwaysClosed = field === 'video' || field === 'captions';
        if (closed && (!preview || alwaysClosed)) {
          const list = owners.get(path) ?? [];
          if (!list.includes(row.collection_id)) list.push(row.collection_id);
          owners.set(path, list);
        } else if (!closed) {
          publicPaths.add(path);
        }
      }
    }
    if (s.logo) publicPaths.add(s.logo);
    for (const path of publicPaths) owners.delete(path);
    return owners;
  }
}

/** [field, asset path] pairs of an item: its data's asset fields (nested, e.g. video.path) and assets linked from its HTML. */
function assetPaths(data: Record<string, unknown>, html: string): [string, string][] {
  const out: [string, string][] = [];
  const visit = (field: string, value: unknown) => {
    if (typeof value === 'string') {
      if (ASSET_PATH.test(value)) out.push([field, value]);
    } else if (Array.isArray(value)) {
      for (const v of value) visit(field, v);
    } else if (value && typeof value === 'object') {
      for (const v of Object.values(value)) visit(field, v);
    }
  };
  for (const [k, v] of Object.entries(data)) if (ASSET_FIELDS.includes(k) || k === 'product') visit(k, v);
  for (const m of html.matchAll(BODY_ASSET)) out.push(['body', m[1]!]);
  return out;
}

const open = new WeakMap<SiteSnapshot, ReadonlySet<string>>();

/**
 * Collections open to everyone: public access and no password (`passwordHash` in the collection's
 * file). The store sells only their products through the cart, stock and checkout calls, so a
 * members' area or a protected page leaks nothing through the API.
 */
export function openCollectionIds(s: SiteSnapshot): ReadonlySet<string> {
  let ids = open.get(s);
  if (!ids) {
    ids = new Set(s.collections.filter((c) => c.access === 'public' && !(JSON.parse(c.data) as { passwordHash?: unknown }).passwordHash).map((c) => c.id));
    open.set(s, ids);
  }
  return ids;
}
