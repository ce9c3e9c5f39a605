import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { CollectionType, RecordType } from '../constants.js';
import type { CollectionDoc, CollectionKind, ContentStatus, FileEntry, ItemDoc, JsonObject, NavEntry, ProductDoc, SiteBundle } from '../site-dir/types.js';
import type { PreparedAssets } from '../site-dir/assets.js';
import { readAll } from './blobs/index.js';
import type { Store } from './dialect.js';
import { stableId } from './ids.js';
import type { Database, Flag } from './schema.js';
import { upsertRows } from './upsert.js';
import { systemClock } from '../clock.js';

export const websiteIdOf = (identifier: string) => stableId('website', identifier);

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

async function writeContent(tx: Transaction<Database>, websiteId: string, bundle: SiteBundle, now: number) {
  const collectionId = (urlId: string) => stableId(websiteId, 'collection', urlId);
  const parents = new Map<string, string>();
  for (const c of bundle.collections) for (const child of c.children) parents.set(child, collectionId(c.urlId));

  const collectionIds = bundle.collections.map((c) => collectionId(c.urlId));
  const items = bundle.collections.flatMap((c) =>
    c.items.map((item, position) => ({ c, item, position, id: stableId(collectionId(c.urlId), 'item', item.urlId) })),
  );
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
    items.map(({ c, item, position, id }) => ({
      id,
      website_id: websiteId,
      collection_id: collectionId(c.urlId),
      url_id: item.urlId,
      title: item.title,
      status: item.status,
      publish_on: item.publishOn,
      position,
      record_type: recordTypeOf(c.type, item),
      excerpt: item.excerpt,
      body: item.body,
      start_date: item.startDate,
      end_date: item.endDate,
      data: json({ ...item.data, ...(item.recordType !== null ? { recordType: item.recordType } : {}) }),
      created_on: now,
      updated_on: now,
    })),
  );

  const products = items.filter((i) => i.item.product);
  const productIds = products.map((p) => p.id);
  // Products of items that stopped being products; variants and plans follow by cascade.
  await tx
    .deleteFrom('products')
    .where('website_id', '=', websiteId)
    .$if(productIds.length > 0, (q) => q.where('item_id', 'not in', productIds))
    .execute();
  const variantRows = products.flatMap(({ id, item }) =>
    item.product!.variants.map((v, position) => ({
      id: stableId(id, 'variant', v.sku),
      website_id: websiteId,
      item_id: id,
      sku: v.sku,
      position,
      attributes: json(v.attributes),
      currency: bundle.site.currency,
      price_cents: v.priceCents,
      sale_price_cents: v.salePriceCents,
      on_sale: (v.onSale ? 1 : 0) as Flag,
      stock: v.stock,
      unlimited: (v.unlimited ? 1 : 0) as Flag,
      weight_grams: v.weightGrams,
      image: v.image,
      extra: v.extra,
    })),
  );
  const variantIds = new Set(variantRows.map((v) => v.id));
  const oldVariants = await tx.selectFrom('product_variants').select('id').where('website_id', '=', websiteId).execute();
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
  await upsertRows(
    tx,
    'product_variants',
    ['id'],
    variantRows.map(({ extra, ...row }) => row),
  );
  // Variant fields this version does not read are kept with the product, keyed by SKU.
  await tx.deleteFrom('subscription_plans').where('website_id', '=', websiteId).execute();
  const plans = products.filter((p) => p.item.product!.subscriptionPlan);
  if (plans.length > 0) {
    await tx
      .insertInto('subscription_plans')
      .values(
        plans.map(({ id, item }) => {
          const plan = item.product!.subscriptionPlan!;
          return {
            id: stableId(id, 'plan'),
            website_id: websiteId,
            item_id: id,
            billing_period_value: plan.billingPeriod.value,
            billing_period_unit: plan.billingPeriod.unit,
            num_billing_cycles: plan.numBillingCycles,
          };
        }),
      )
      .execute();
  }
}

function productRow(websiteId: string, itemId: string, p: ProductDoc) {
  const variantExtra = Object.fromEntries(p.variants.filter((v) => Object.keys(v.extra).length > 0).map((v) => [v.sku, v.extra]));
  return {
    item_id: itemId,
    website_id: websiteId,
    product_type: p.productType,
    variant_option_ordering: json(p.variantOptionOrdering),
    is_subscribable: (p.isSubscribable ? 1 : 0) as 0 | 1,
    additional_fields_form_id: p.additionalFieldsForm,
    custom_add_button_text: p.customAddButtonText,
    data: json({ ...p.data, ...(Object.keys(variantExtra).length > 0 ? { $variantExtra: variantExtra } : {}) }),
  };
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
  const assetRows = await db.selectFrom('assets').select(['path', 'blob_key']).where('website_id', '=', websiteId).orderBy('path').execute();
  const assets: FileEntry[] = [];
  for (const a of assetRows) {
    const read = await store.blobs.get(a.blob_key);
    if (!read) throw new Error(`the bytes of ${a.path} are missing from ${store.blobs.description}`);
    assets.push({ path: a.path, content: await readAll(read.stream) });
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
      items: (itemsByCollection.get(c.id) ?? []).map((row): ItemDoc => {
        const { recordType, ...data } = JSON.parse(row.data) as JsonObject;
        const p = productsById.get(row.id);
        return {
          urlId: row.url_id,
          title: row.title,
          status: row.status as ContentStatus,
          publishOn: row.publish_on,
          excerpt: row.excerpt,
          body: row.body,
          startDate: row.start_date,
          endDate: row.end_date,
          recordType: typeof recordType === 'number' ? recordType : null,
          data,
          product: p ? productDoc(p, variantsById.get(row.id) ?? [], plansById.get(row.id)) : null,
        };
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
      extra: JSON.parse(settings.extra),
    },
    navigation: Object.fromEntries(navigation.map((n) => [n.name, JSON.parse(n.entries) as NavEntry[]])),
    collections: collectionDocs,
    forms: forms.map((f) => ({ id: f.form_key, name: f.name, definition: JSON.parse(f.definition) })),
    assets,
    theme: themeFiles.length > 0 ? { files: themeFiles.map((f) => ({ path: f.path, content: Buffer.from(f.content) })) } : null,
    sourceDir: website.source_dir,
  };
}

function productDoc(
  p: Database['products'] extends infer T ? { [K in keyof T]: any } : never,
  variants: {
    sku: string;
    attributes: string;
    price_cents: number;
    sale_price_cents: number;
    on_sale: number;
    stock: number;
    unlimited: number;
    weight_grams: number | null;
    image: string | null;
  }[],
  plan: { billing_period_value: number; billing_period_unit: string; num_billing_cycles: number } | undefined,
): ProductDoc {
  const { $variantExtra, ...data } = JSON.parse(p.data) as JsonObject & { $variantExtra?: Record<string, JsonObject> };
  return {
    productType: p.product_type,
    variantOptionOrdering: JSON.parse(p.variant_option_ordering),
    isSubscribable: p.is_subscribable === 1,
    subscriptionPlan: plan
      ? { billingPeriod: { value: plan.billing_period_value, unit: plan.billing_period_unit as 'WEEK' }, numBillingCycles: plan.num_billing_cycles }
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
      stock: v.stock,
      unlimited: v.unlimited === 1,
      weightGrams: v.weight_grams,
      image: v.image,
      extra: $variantExtra?.[v.sku] ?? {},
    })),
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
