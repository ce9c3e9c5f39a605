import { ContentLimits } from '../constants.js';
import { isObject, type SiteIssue } from './checker.js';
import type { CollectionDoc, SiteBundle } from './types.js';

/**
 * The spec's content limits, checked wherever content enters the store (import now, the owner's
 * tools later). Each message names the limit and what exceeded it.
 * TODO(core): take the numbers (and, when core words them, the messages) from @tessera/core.
 */
export function checkCollectionLimits(file: string, c: CollectionDoc): SiteIssue[] {
  const issues: SiteIssue[] = [];
  const fail = (path: string, message: string) => issues.push({ file, path, message });
  const n = c.items.length;
  if (c.type === 'products' && n > ContentLimits.productsPerCollection) {
    fail('items', `has ${n} products; a collection holds at most ${ContentLimits.productsPerCollection} products`);
  }
  if (isUserOrderable(c) && c.type !== 'products' && n > ContentLimits.itemsPerUserOrderableCollection) {
    fail('items', `has ${n} items; a user-orderable collection holds at most ${ContentLimits.itemsPerUserOrderableCollection} items`);
  }
  if (c.type === 'gallery' && n > ContentLimits.photoSharingGallerySize) {
    fail('items', `has ${n} images; a gallery holds at most ${ContentLimits.photoSharingGallerySize} images`);
  }
  const categories = new Set<string>();
  c.items.forEach((item, i) => {
    const at = `items[${i}]`;
    const tags = asStrings(item.data.tags);
    const cats = asStrings(item.data.categories);
    for (const tag of tags) {
      if (tag.length > ContentLimits.tagLength) {
        fail(`${at}.tags`, `tag "${tag}" is ${tag.length} characters long; tags have at most ${ContentLimits.tagLength} characters`);
      }
    }
    for (const category of cats) {
      if (category.length > ContentLimits.categoryLength) {
        fail(`${at}.categories`, `category "${category}" is ${category.length} characters long; categories have at most ${ContentLimits.categoryLength} characters`);
      }
      categories.add(category);
    }
    const blocks = Array.isArray(item.data.blocks) ? item.data.blocks.length : 0;
    if (blocks > ContentLimits.blocksPerLayout) {
      fail(`${at}.blocks`, `has ${blocks} blocks; a layout holds at most ${ContentLimits.blocksPerLayout} blocks`);
    }
    const tracks = Array.isArray(item.data.tracks) ? item.data.tracks.length : 0;
    if (tracks > ContentLimits.tracksPerAlbum) {
      fail(`${at}.tracks`, `has ${tracks} tracks; an album holds at most ${ContentLimits.tracksPerAlbum} tracks`);
    }
    const images = Array.isArray(item.data.images) ? item.data.images.length : 0;
    if (c.type === 'gallery' && images > ContentLimits.photoSharingGallerySize) {
      fail(`${at}.images`, `has ${images} images; a gallery holds at most ${ContentLimits.photoSharingGallerySize} images`);
    }
  });
  if (categories.size > ContentLimits.nestedCategories) {
    fail('items', `uses ${categories.size} categories; a collection has at most ${ContentLimits.nestedCategories} nested categories`);
  }
  return issues;
}

/** Collections whose order the owner sets by hand; blog posts and events are ordered by date. */
export function isUserOrderable(c: CollectionDoc): boolean {
  return c.type !== 'blog' && c.type !== 'events';
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Checks that span files: references between collections, forms, navigation and assets. */
export function checkSiteReferences(bundle: SiteBundle): SiteIssue[] {
  const issues: SiteIssue[] = [];
  const byUrl = new Map(bundle.collections.map((c) => [c.urlId, c]));
  const file = (c: CollectionDoc) => `collections/${c.urlId}`;

  const homes = bundle.collections.filter((c) => c.isHome);
  if (homes.length > 1) {
    issues.push({ file: 'collections', path: '', message: `${homes.map((c) => c.urlId).join(', ')} are all marked isHome; one collection at most is the home page` });
  }
  const galleries = bundle.collections.filter((c) => c.type === 'gallery').length;
  if (galleries > ContentLimits.photoSharingGalleries) {
    issues.push({ file: 'collections', path: '', message: `the site has ${galleries} galleries; a site has at most ${ContentLimits.photoSharingGalleries} galleries` });
  }

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
  const needAsset = (where: string, path: string, value: unknown) => {
    if (typeof value === 'string' && value !== '' && !/^(https?:)?\/\//.test(value) && !assets.has(value)) {
      issues.push({ file: where, path, message: `refers to "${value}", which is not a file of the site directory` });
    }
  };
  needAsset('site', 'logo', bundle.site.logo);
  for (const c of bundle.collections) {
    c.items.forEach((item, i) => {
      const at = `items[${i}]`;
      needAsset(file(c), `${at}.mainImage`, item.data.mainImage);
      if (Array.isArray(item.data.images)) {
        item.data.images.forEach((img, j) => needAsset(file(c), `${at}.images[${j}]`, isObject(img) ? img.path : img));
      }
      const product = item.product;
      if (!product) return;
      if (product.additionalFieldsForm && !forms.has(product.additionalFieldsForm)) {
        issues.push({ file: file(c), path: `${at}.product.additionalFieldsForm`, message: `no form "${product.additionalFieldsForm}" in forms/` });
      }
      if (Array.isArray(product.data.images)) product.data.images.forEach((img, j) => needAsset(file(c), `${at}.product.images[${j}]`, img));
      const digital = product.data.digital;
      if (isObject(digital)) needAsset(file(c), `${at}.product.digital.file`, digital.file);
      product.variants.forEach((v, j) => {
        needAsset(file(c), `${at}.product.variants[${j}].image`, v.image);
        const owner = skus.get(v.sku);
        if (owner) issues.push({ file: file(c), path: `${at}.product.variants[${j}].sku`, message: `"${v.sku}" is already the SKU of ${owner}; SKUs are unique in a site` });
        else skus.set(v.sku, `${c.urlId}/${item.urlId}`);
      });
    });
  }

  const checkNav = (name: string, entries: typeof bundle.navigation[string], prefix: string) => {
    entries.forEach((entry, i) => {
      if (entry.collection !== undefined && !byUrl.has(entry.collection)) {
        issues.push({ file: 'navigation', path: `${prefix}[${i}].collection`, message: `no collection "${entry.collection}"` });
      }
      if (entry.items) checkNav(name, entry.items, `${prefix}[${i}].items`);
    });
  };
  for (const [name, entries] of Object.entries(bundle.navigation)) checkNav(name, entries, name);
  return issues;
}
