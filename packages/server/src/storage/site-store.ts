import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CollectionDoc, CollectionKind, FileEntry, JsonObject, MediaDetails, NavEntry, SiteBundle } from '../site-dir/types.js';
import { mediaColumns, mediaDetailsOf } from './media-details.js';
import type { PreparedAssets } from '../site-dir/assets.js';
import { readAll } from './blobs/index.js';
import type { Store } from './dialect.js';
import { newId, stableId } from './ids.js';
import { itemDocOf, itemRow, planRow, productDocOf, productRow, variantRow } from './product-rows.js';
import type { Database, Flag } from './schema.js';
import { upsertRows } from './upsert.js';
import { listSiteStyles, replaceSiteStyles } from './site-styles.js';
import { systemClock } from '../clock.js';

export const websiteIdOf = (identifier: string) => stableId('website', identifier);

export { collectionTypeCode } from './product-rows.js';

const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');
const json = (value: unknown) => JSON.stringify(value);

/** The hash of a set of files: a theme's version. */
export function filesVersion(files: FileEntry[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(f.path).update('\0').update(sha256(f.content));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Writes a checked site bundle in one transaction. Rows keep ids derived from their natural keys,
 * rows that are no longer in the bundle are deleted, the others are updated in place; the first
 * site of a store becomes its default site. The assets' bytes are in the blob store already
 * (site-dir/assets.ts): their rows and variants are written here. Returns the website id.
 */
export async function writeSiteBundle(db: Kysely<Database>, bundle: SiteBundle, assets: PreparedAssets, now = systemClock()): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const { site } = bundle;
    const websiteId = websiteIdOf(site.identifier);
    const existing = await tx.selectFrom('websites').select(['id', 'version', 'created_on']).where('id', '=', websiteId).executeTakeFirst();
    const anyDefault = await tx.selectFrom('websites').select('id').where('is_default', '=', 1).executeTakeFirst();
    const themeId = bundle.theme ? stableId(websiteId, 'theme') : null;

    await upsertRows(
      tx,
      'websites',
      ['id'],
      [
        {
          id: websiteId,
          website_id: websiteId,
          identifier: site.identifier,
          is_default: (!anyDefault || anyDefault.id === websiteId ? 1 : 0) as Flag,
          theme_name: site.theme,
          theme_id: null, // set below, once the theme rows exist
          source_dir: bundle.sourceDir,
          version: (existing?.version ?? 0) + 1,
          created_on: existing?.created_on ?? now,
          updated_on: now,
        },
      ],
    );

    await tx.deleteFrom('website_hosts').where('website_id', '=', websiteId).execute();
    if (site.hosts.length > 0) {
      const taken = await tx.selectFrom('website_hosts').select(['host']).where('host', 'in', site.hosts).execute();
      if (taken.length > 0) throw new Error(`host ${taken.map((t) => t.host).join(', ')} already belongs to another site`);
      await tx
        .insertInto('website_hosts')
        .values(site.hosts.map((host) => ({ host, website_id: websiteId })))
        .execute();
    }

    await upsertRows(
      tx,
      'site_settings',
      ['website_id'],
      [
        {
          website_id: websiteId,
          site_title: site.siteTitle,
          site_description: site.siteDescription,
          logo: site.logo,
          language: site.language,
          time_zone: site.timeZone,
          currency: site.currency,
          social_accounts: json(site.socialAccounts),
          website_settings: json(site.settings),
          store_settings: json(site.store),
          extra: json(site.extra),
        },
      ],
    );

    await writeTheme(tx, websiteId, themeId, bundle.theme?.files ?? [], now);
    await writeContent(tx, websiteId, bundle, now);
    if (site.styles) await replaceSiteStyles(tx, websiteId, site.styles, now);

    await tx.deleteFrom('forms').where('website_id', '=', websiteId).execute();
    if (bundle.forms.length > 0) {
      await tx
        .insertInto('forms')
        .values(
          bundle.forms.map((f) => ({
            id: stableId(websiteId, 'form', f.id),
            website_id: websiteId,
            form_key: f.id,
            name: f.name,
            definition: json(f.definition),
          })),
        )
        .execute();
    }

    await tx.deleteFrom('navigation').where('website_id', '=', websiteId).execute();
    const navNames = Object.keys(bundle.navigation);
    if (navNames.length > 0) {
      await tx
        .insertInto('navigation')
        .values(
          navNames.map((name) => ({
            website_id: websiteId,
            name,
            entries: json(bundle.navigation[name]),
          })),
        )
        .execute();
    }

    await deleteOthers(
      tx,
      'assets',
      websiteId,
      assets.rows.map((a) => a.id),
    );
    await upsertRows(tx, 'assets', ['id'], assets.rows, 50);
    // The library's details a folder gives (media.json) replace the store's; the others stay as they are.
    for (const [path, details] of Object.entries(bundle.media ?? {})) {
      const columns = mediaColumns(details);
      if (Object.keys(columns).length > 0) await tx.updateTable('assets').set(columns).where('website_id', '=', websiteId).where('path', '=', path).execute();
    }
    await tx.deleteFrom('asset_variants').where('website_id', '=', websiteId).execute();
    for (let i = 0; i < assets.variants.length; i += 100) {
      await tx
        .insertInto('asset_variants')
        .values(assets.variants.slice(i, i + 100))
        .execute();
    }
    return websiteId;
  });
}

async function deleteOthers(tx: Transaction<Database>, table: 'assets' | 'collections' | 'items', websiteId: string, keep: string[]) {
  const rows = await tx.selectFrom(table).select('id').where('website_id', '=', websiteId).execute();
  const keepSet = new Set(keep);
  const gone = rows.map((r) => r.id).filter((id) => !keepSet.has(id));
  for (let i = 0; i < gone.length; i += 500)
    await tx
      .deleteFrom(table)
      .where('id', 'in', gone.slice(i, i + 500))
      .execute();
}

async function writeTheme(tx: Transaction<Database>, websiteId: string, themeId: string | null, files: FileEntry[], now: number) {
  await tx
    .deleteFrom('themes')
    .where('website_id', '=', websiteId)
    .$if(themeId !== null, (q) => q.where('id', '!=', themeId!))
    .execute();
  if (themeId === null) return;
  await upsertRows(tx, 'themes', ['id'], [{ id: themeId, website_id: websiteId, name: 'site', version: filesVersion(files), created_on: now }]);
  await tx.deleteFrom('theme_files').where('theme_id', '=', themeId).execute();
  for (let i = 0; i < files.length; i += 50) {
    await tx
      .insertInto('theme_files')
      .values(
        files.slice(i, i + 50).map((f) => ({
          website_id: websiteId,
          theme_id: themeId,
          path: f.path,
          content: f.content,
        })),
      )
      .execute();
  }
  await tx.updateTable('websites').set({ theme_id: themeId }).where('id', '=', websiteId).execute();
}

/**
 * The site's collections and items. Existing items are matched by (collection, urlId) and their
 * variants by (item, SKU), so they keep their ids, and a variant that exists already keeps its live
 * stock: the file's `stock` is only the starting stock of a variant new to the store. Re-importing an
 * older copy of the directory therefore never undoes the sales made since (docs/site-format.md).
 */
async function writeContent(tx: Transaction<Database>, websiteId: string, bundle: SiteBundle, now: number) {
  const collectionId = (urlId: string) => stableId(websiteId, 'collection', urlId);
  const parents = new Map<string, string>();
  for (const c of bundle.collections) for (const child of c.children) parents.set(child, collectionId(c.urlId));

  const collectionIds = bundle.collections.map((c) => collectionId(c.urlId));
  const items = await placeItems(tx, websiteId, bundle, collectionId);
  // Delete what left the site first, so a urlId or SKU that moved does not collide with its old row.
  await deleteOthers(
    tx,
    'items',
    websiteId,
    items.map((i) => i.id),
  );
  await deleteOthers(tx, 'collections', websiteId, collectionIds);

  // Parents first: a child's parent_id must point at an existing row.
  await upsertRows(
    tx,
    'collections',
    ['id'],
    bundle.collections.map((c, position) => ({
      id: collectionId(c.urlId),
      website_id: websiteId,
      url_id: c.urlId,
      title: c.title,
      type_name: c.type,
      description: c.description,
      folder_behavior: c.folderBehavior,
      parent_id: null,
      is_home: (c.isHome ? 1 : 0) as Flag,
      page_size: c.pageSize,
      access: c.access,
      position,
      data: json({ ...c.extra, ...(c.type === 'folder' ? { children: c.children } : {}) }),
    })),
  );
  for (const [child, parent] of parents) {
    await tx.updateTable('collections').set({ parent_id: parent }).where('id', '=', collectionId(child)).execute();
  }

  await upsertRows(
    tx,
    'items',
    ['id'],
    items.map(({ c, item, position, id }) => itemRow({ websiteId, collectionId: collectionId(c.urlId), kind: c.type, id, position, now }, item)),
    100,
    ['created_on'],
  );
  // An import rewrites every item: a save from an editor opened before it names a stale revision and
  // is refused, rather than silently undoing what the import wrote.
  await tx
    .updateTable('items')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('website_id', '=', websiteId)
    .execute();

  const products = items.filter((i) => i.item.product);
  const productIds = products.map((p) => p.id);
  // Products of items that stopped being products; variants and plans follow by cascade.
  await tx
    .deleteFrom('products')
    .where('website_id', '=', websiteId)
    .$if(productIds.length > 0, (q) => q.where('item_id', 'not in', productIds))
    .execute();
  const oldVariants = await tx.selectFrom('product_variants').select(['id', 'item_id', 'sku']).where('website_id', '=', websiteId).execute();
  const bySku = new Map(oldVariants.map((v) => [`${v.item_id}\0${v.sku}`, v.id]));
  const taken = new Set(oldVariants.map((v) => v.id));
  const variantRows = products.flatMap(({ id, item }) =>
    item.product!.variants.map((v, position) => {
      const stable = stableId(id, 'variant', v.sku);
      const variantId = bySku.get(`${id}\0${v.sku}`) ?? (taken.has(stable) ? newId() : stable);
      return variantRow({ websiteId, itemId: id, id: variantId, position, currency: bundle.site.currency }, v);
    }),
  );
  const variantIds = new Set(variantRows.map((v) => v.id));
  const goneVariants = oldVariants.map((v) => v.id).filter((id) => !variantIds.has(id));
  for (let i = 0; i < goneVariants.length; i += 500) {
    await tx
      .deleteFrom('product_variants')
      .where('id', 'in', goneVariants.slice(i, i + 500))
      .execute();
  }
  await upsertRows(
    tx,
    'products',
    ['item_id'],
    products.map(({ id, item }) => productRow(websiteId, id, item.product!)),
  );
  // A variant already in the store keeps its live stock; a new one starts with the file's.
  await upsertRows(tx, 'product_variants', ['id'], variantRows, 100, ['stock']);
  await tx.deleteFrom('subscription_plans').where('website_id', '=', websiteId).execute();
  const plans = products.filter((p) => p.item.product!.subscriptionPlan);
  if (plans.length > 0) {
    await tx
      .insertInto('subscription_plans')
      .values(plans.map(({ id, item }) => planRow(websiteId, id, item.product!.subscriptionPlan!)))
      .execute();
  }
}

/**
 * Each item of the bundle with its id: the id of the item at the same (collection, urlId) in the
 * store, else the id derived from its natural key, else (that id being another item's) a new one.
 */
async function placeItems(tx: Transaction<Database>, websiteId: string, bundle: SiteBundle, collectionId: (urlId: string) => string) {
  const existing = await tx.selectFrom('items').select(['id', 'collection_id', 'url_id']).where('website_id', '=', websiteId).execute();
  const byPlace = new Map(existing.map((r) => [`${r.collection_id}\0${r.url_id}`, r.id]));
  const taken = new Set(existing.map((r) => r.id));
  return bundle.collections.flatMap((c) =>
    c.items.map((item, position) => {
      const stable = stableId(collectionId(c.urlId), 'item', item.urlId);
      const id = byPlace.get(`${collectionId(c.urlId)}\0${item.urlId}`) ?? (taken.has(stable) ? newId() : stable);
      return { c, item, position, id };
    }),
  );
}

/** Reads a whole site back as a bundle, for export: its assets' bytes from the blob store. */
export async function readSiteBundle(store: Store, websiteId: string): Promise<SiteBundle> {
  const db = store.db;
  const website = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirstOrThrow();
  const settings = await db.selectFrom('site_settings').selectAll().where('website_id', '=', websiteId).executeTakeFirstOrThrow();
  const hosts = await db.selectFrom('website_hosts').select('host').where('website_id', '=', websiteId).orderBy('host').execute();
  const collections = await db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).orderBy('position').execute();
  const items = await db.selectFrom('items').selectAll().where('website_id', '=', websiteId).orderBy('collection_id').orderBy('position').execute();
  const products = await db.selectFrom('products').selectAll().where('website_id', '=', websiteId).execute();
  const variants = await db.selectFrom('product_variants').selectAll().where('website_id', '=', websiteId).orderBy('item_id').orderBy('position').execute();
  const plans = await db.selectFrom('subscription_plans').selectAll().where('website_id', '=', websiteId).execute();
  const forms = await db.selectFrom('forms').selectAll().where('website_id', '=', websiteId).orderBy('form_key').execute();
  const navigation = await db.selectFrom('navigation').selectAll().where('website_id', '=', websiteId).orderBy('name').execute();
  const styles = await listSiteStyles(db, websiteId);
  const assetRows = await db
    .selectFrom('assets')
    .select(['path', 'blob_key', 'display_name', 'alt', 'title', 'focal_x', 'focal_y'])
    .where('website_id', '=', websiteId)
    .orderBy('path')
    .execute();
  const assets: FileEntry[] = [];
  const media: Record<string, MediaDetails> = {};
  for (const a of assetRows) {
    const read = await store.blobs.get(a.blob_key);
    if (!read) throw new Error(`the bytes of ${a.path} are missing from ${store.blobs.description}`);
    assets.push({ path: a.path, content: await readAll(read.stream) });
    const details = mediaDetailsOf(a);
    if (details) media[a.path] = details;
  }
  const themeFiles = website.theme_id
    ? await db.selectFrom('theme_files').select(['path', 'content']).where('theme_id', '=', website.theme_id).orderBy('path').execute()
    : [];

  const productsById = new Map(products.map((p) => [p.item_id, p]));
  const plansById = new Map(plans.map((p) => [p.item_id, p]));
  const variantsById = groupBy(variants, (v) => v.item_id);
  const itemsByCollection = groupBy(items, (i) => i.collection_id);

  const collectionDocs: CollectionDoc[] = collections.map((c) => {
    const { children, ...extra } = JSON.parse(c.data) as JsonObject & { children?: string[] };
    return {
      urlId: c.url_id,
      title: c.title,
      type: c.type_name as CollectionKind,
      description: c.description,
      folderBehavior: c.folder_behavior,
      isHome: c.is_home === 1,
      pageSize: c.page_size,
      access: c.access,
      children: children ?? [],
      extra,
      items: (itemsByCollection.get(c.id) ?? []).map((row) => {
        const p = productsById.get(row.id);
        return itemDocOf(row, p ? productDocOf(p, variantsById.get(row.id) ?? [], plansById.get(row.id)) : null);
      }),
    };
  });

  return {
    site: {
      identifier: website.identifier,
      hosts: hosts.map((h) => h.host),
      siteTitle: settings.site_title,
      siteDescription: settings.site_description,
      theme: website.theme_name,
      language: settings.language,
      timeZone: settings.time_zone,
      currency: settings.currency,
      logo: settings.logo,
      socialAccounts: JSON.parse(settings.social_accounts),
      settings: JSON.parse(settings.website_settings),
      store: JSON.parse(settings.store_settings),
      ...(styles.size > 0
        ? { styles: Object.fromEntries([...styles].map(([theme, row]) => [theme, row.saved as Record<string, string | number | boolean>])) }
        : {}),
      extra: JSON.parse(settings.extra),
    },
    navigation: Object.fromEntries(navigation.map((n) => [n.name, JSON.parse(n.entries) as NavEntry[]])),
    collections: collectionDocs,
    forms: forms.map((f) => ({ id: f.form_key, name: f.name, definition: JSON.parse(f.definition) })),
    assets,
    media,
    theme: themeFiles.length > 0 ? { files: themeFiles.map((f) => ({ path: f.path, content: Buffer.from(f.content) })) } : null,
    sourceDir: website.source_dir,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
