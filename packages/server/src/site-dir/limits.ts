import { checkContentLimits } from '@tessera/core';
import { isObject, type SiteIssue } from './checker.js';
import type { CollectionDoc, ItemDoc, SiteBundle } from './types.js';

/**
 * The spec's content limits, checked wherever content enters the store (import now, the owner's
 * tools later) with @tessera/core's rule and messages; each issue says which file and item.
 */
export function checkCollectionLimits(file: string, c: CollectionDoc): SiteIssue[] {
  const issues: SiteIssue[] = [];
  const report = (path: string, messages: string[]) => {
    for (const message of messages) issues.push({ file, path, message });
  };
  const n = c.items.length;
  report(
    'items',
    checkContentLimits({
      ...(c.type === 'products' ? { productsInCollection: n } : {}),
      ...(isUserOrderable(c) && c.type !== 'products' ? { itemsInUserOrderableCollection: n } : {}),
      // A gallery collection is a photo-sharing gallery: its items are its images.
      ...(c.type === 'gallery' ? { photoSharingGallerySizes: [n] } : {}),
    }),
  );
  c.items.forEach((item, i) => {
    const at = `items[${i}]`;
    report(`${at}.tags`, checkContentLimits({ tags: strings(item.data.tags) }));
    report(`${at}.categories`, checkContentLimits({ categories: strings(item.data.categories) }));
    if (Array.isArray(item.data.tracks)) report(`${at}.tracks`, checkContentLimits({ tracksPerAlbum: item.data.tracks.length }));
    if (c.type === 'gallery' && Array.isArray(item.data.images)) {
      report(`${at}.images`, checkContentLimits({ photoSharingGallerySizes: [item.data.images.length] }));
    }
  });
  return issues;
}

/** Collections whose order the owner sets by hand; blog posts and events are ordered by date. */
function isUserOrderable(c: CollectionDoc): boolean {
  return c.type !== 'blog' && c.type !== 'events';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Checks that span files: site-wide limits and references between collections, forms, navigation and assets. */
export function checkSiteReferences(bundle: SiteBundle): SiteIssue[] {
  const issues: SiteIssue[] = [];
  const byUrl = new Map(bundle.collections.map((c) => [c.urlId, c]));
  const file = (c: CollectionDoc) => `collections/${c.urlId}`;

  const homes = bundle.collections.filter((c) => c.isHome);
  if (homes.length > 1) {
    issues.push({
      file: 'collections',
      path: '',
      message: `${homes.map((c) => c.urlId).join(', ')} are all marked isHome; one collection at most is the home page`,
    });
  }
  const categories = new Set(bundle.collections.flatMap((c) => c.items.flatMap((i) => strings(i.data.categories))));
  for (const message of checkContentLimits({
    photoSharingGalleries: bundle.collections.filter((c) => c.type === 'gallery').length,
    nestedCategories: categories.size,
  }))
    issues.push({ file: 'collections', path: '', message });

  const parents = new Map<string, string>();
  for (const c of bundle.collections) {
    c.children.forEach((child, i) => {
      const target = byUrl.get(child);
      if (!target) issues.push({ file: file(c), path: `children[${i}]`, message: `no collection "${child}"` });
      else if (target.type === 'folder') issues.push({ file: file(c), path: `children[${i}]`, message: `"${child}" is a folder; folders do not nest` });
      else if (parents.has(child)) issues.push({ file: file(c), path: `children[${i}]`, message: `"${child}" is already in folder "${parents.get(child)}"` });
      else parents.set(child, c.urlId);
    });
  }

  const skus = new Map<string, string>();
  const forms = new Set(bundle.forms.map((f) => f.id));
  const assets = new Set(bundle.assets.map((a) => a.path));
  const refs = { forms, assets };
  needAsset(issues, refs, 'site', 'logo', bundle.site.logo);
  for (const c of bundle.collections) {
    c.items.forEach((item, i) => {
      const at = `items[${i}]`;
      issues.push(...checkItemReferences(file(c), at, item, refs));
      if (Array.isArray(item.data.summaries)) {
        item.data.summaries.forEach((summary, j) => {
          const target = isObject(summary) ? summary.collection : undefined;
          if (typeof target !== 'string' || !byUrl.has(target)) {
            issues.push({ file: file(c), path: `${at}.summaries[${j}].collection`, message: `no collection "${String(target)}"` });
          }
        });
      }
      item.product?.variants.forEach((v, j) => {
        const owner = skus.get(v.sku);
        if (owner)
          issues.push({
            file: file(c),
            path: `${at}.product.variants[${j}].sku`,
            message: `"${v.sku}" is already the SKU of ${owner}; SKUs are unique in a site`,
          });
        else skus.set(v.sku, `${c.urlId}/${item.urlId}`);
      });
    });
  }

  const checkNav = (entries: (typeof bundle.navigation)[string], prefix: string) => {
    entries.forEach((entry, i) => {
      if (entry.collection !== undefined && !byUrl.has(entry.collection)) {
        issues.push({ file: 'navigation', path: `${prefix}[${i}].collection`, message: `no collection "${entry.collection}"` });
      } else if (entry.collection !== undefined && entry.items && byUrl.get(entry.collection)?.type !== 'folder') {
        issues.push({
          file: 'navigation',
          path: `${prefix}[${i}].collection`,
          message: `"${entry.collection}" is not a folder: only a folder's entry holds items`,
        });
      }
      if (entry.items) checkNav(entry.items, `${prefix}[${i}].items`);
    });
  };
  for (const [name, entries] of Object.entries(bundle.navigation)) checkNav(entries, name);
  return issues;
}

/** What an item may refer to: the site's forms (by id) and files (by path). */
export interface ItemReferences {
  readonly forms: ReadonlySet<string>;
  readonly assets: ReadonlySet<string>;
}

function needAsset(issues: SiteIssue[], refs: ItemReferences, file: string, path: string, value: unknown): void {
  if (typeof value === 'string' && value !== '' && !/^(https?:)?\/\//.test(value) && !refs.assets.has(value)) {
    issues.push({ file, path, message: `refers to "${value}", which is not a file of the site directory` });
  }
}

/**
 * An item's references to files and forms (its main image, images, form, its product's form, images,
 * digital file and variant images), each issue at `<at>.<field>`: the same checks and messages for
 * `tessera import` and the studio's product editor.
 */
export function checkItemReferences(file: string, at: string, item: ItemDoc, refs: ItemReferences): SiteIssue[] {
  const issues: SiteIssue[] = [];
  needAsset(issues, refs, file, `${at}.mainImage`, item.data.mainImage);
  if (typeof item.data.form === 'string' && !refs.forms.has(item.data.form)) {
    issues.push({ file, path: `${at}.form`, message: `no form "${item.data.form}" in forms/` });
  }
  if (Array.isArray(item.data.images)) {
    item.data.images.forEach((img, j) => {
      needAsset(issues, refs, file, `${at}.images[${j}]`, isObject(img) ? img.path : img);
    });
  }
  const product = item.product;
  if (!product) return issues;
  if (product.additionalFieldsForm && !refs.forms.has(product.additionalFieldsForm)) {
    issues.push({ file, path: `${at}.product.additionalFieldsForm`, message: `no form "${product.additionalFieldsForm}" in forms/` });
  }
  if (Array.isArray(product.data.images)) {
    product.data.images.forEach((img, j) => {
      needAsset(issues, refs, file, `${at}.product.images[${j}]`, isObject(img) ? img.path : img);
    });
  }
  const digital = product.data.digital;
  if (isObject(digital)) needAsset(issues, refs, file, `${at}.product.digital.file`, digital.file);
  product.variants.forEach((v, j) => {
    needAsset(issues, refs, file, `${at}.product.variants[${j}].image`, v.image);
  });
  return issues;
}
