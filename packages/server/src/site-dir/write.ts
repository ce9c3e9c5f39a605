import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, formatDoc, type DocFormat } from './files.js';
import type { CollectionDoc, ItemDoc, JsonObject, ProductDoc, SiteBundle, SiteDoc } from './types.js';

const iso = (ms: number) => new Date(ms).toISOString();

function siteToDoc(site: SiteDoc): JsonObject {
  const doc: JsonObject = {
    ...site.extra,
    identifier: site.identifier,
    hosts: site.hosts,
    siteTitle: site.siteTitle,
    siteDescription: site.siteDescription,
    theme: site.theme,
    language: site.language,
    timeZone: site.timeZone,
    currency: site.currency,
    socialAccounts: site.socialAccounts,
    settings: site.settings,
    store: site.store,
  };
  if (site.logo !== null) doc.logo = site.logo;
  if (site.styles && Object.keys(site.styles).length > 0) doc.styles = site.styles;
  return doc;
}

function collectionToDoc(c: CollectionDoc): JsonObject {
  const doc: JsonObject = {
    ...c.extra,
    urlId: c.urlId,
    title: c.title,
    type: c.type,
    description: c.description,
    isHome: c.isHome,
    pageSize: c.pageSize,
    access: c.access,
  };
  if (c.type === 'folder') {
    doc.folderBehavior = c.folderBehavior;
    doc.children = c.children;
  } else {
    doc.items = c.items.map(itemToDoc);
  }
  return doc;
}

export function itemToDoc(item: ItemDoc): JsonObject {
  const doc: JsonObject = {
    ...item.data,
    urlId: item.urlId,
    title: item.title,
    status: item.status,
    excerpt: item.excerpt,
    body: item.body,
  };
  if (item.publishOn !== null) doc.publishOn = iso(item.publishOn);
  if (item.startDate !== null) doc.startDate = iso(item.startDate);
  if (item.endDate !== null) doc.endDate = iso(item.endDate);
  if (item.recordType !== null) doc.recordType = item.recordType;
  if (item.product) doc.product = productToDoc(item.product);
  return doc;
}

function productToDoc(p: ProductDoc): JsonObject {
  const doc: JsonObject = {
    ...p.data,
    productType: p.productType,
    variantOptionOrdering: p.variantOptionOrdering,
    isSubscribable: p.isSubscribable,
    customAddButtonText: p.customAddButtonText,
    variants: p.variants.map((v) => {
      const out: JsonObject = {
        ...v.extra,
        sku: v.sku,
        attributes: v.attributes,
        priceCents: v.priceCents,
        salePriceCents: v.salePriceCents,
        onSale: v.onSale,
        stock: v.stock,
        unlimited: v.unlimited,
      };
      if (v.weightGrams !== null) out.weightGrams = v.weightGrams;
      if (v.image !== null) out.image = v.image;
      return out;
    }),
  };
  if (p.subscriptionPlan) doc.subscriptionPlan = { ...p.subscriptionPlan, billingPeriod: { ...p.subscriptionPlan.billingPeriod } };
  if (p.additionalFieldsForm !== null) doc.additionalFieldsForm = p.additionalFieldsForm;
  return doc;
}

/** Parts of a site directory that export owns: replaced when exporting with `force`. */
const OWNED = ['site', 'navigation', 'media'].flatMap((b) => [`${b}.json`, `${b}.yaml`, `${b}.yml`]).concat(['collections', 'forms', 'assets', 'theme']);

/**
 * Writes a site directory in the canonical form: object keys sorted, two-space JSON (or YAML),
 * a trailing newline, dates as ISO 8601 in UTC. Refuses a non-empty target unless `force`.
 */
export async function writeSiteDirectory(bundle: SiteBundle, dirArg: string, opts: { format?: DocFormat; force?: boolean } = {}): Promise<string[]> {
  const dir = path.resolve(dirArg);
  const format = opts.format ?? 'json';
  if (await exists(dir)) {
    const entries = (await fs.readdir(dir)).filter((n) => !n.startsWith('.'));
    if (entries.length > 0 && !opts.force) {
      throw new Error(`${dir} is not empty; export into an empty folder, or pass --force to replace its site files`);
    }
    for (const name of OWNED) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
  const written: string[] = [];
  const put = async (relative: string, content: string | Buffer) => {
    const file = path.join(dir, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    written.push(relative);
  };
  const ext = format === 'json' ? 'json' : 'yaml';
  await put(`site.${ext}`, formatDoc(siteToDoc(bundle.site), format));
  await put(`navigation.${ext}`, formatDoc(bundle.navigation, format));
  for (const c of bundle.collections) await put(`collections/${c.urlId}.${ext}`, formatDoc(collectionToDoc(c), format));
  for (const f of bundle.forms) await put(`forms/${f.id}.${ext}`, formatDoc({ ...f.definition, id: f.id, name: f.name }, format));
  for (const a of bundle.assets) await put(a.path, a.content);
  if (bundle.media && Object.keys(bundle.media).length > 0) await put(`media.${ext}`, formatDoc(bundle.media, format));
  if (bundle.theme) for (const f of bundle.theme.files) await put(`theme/${f.path}`, f.content);
  return written;
}
