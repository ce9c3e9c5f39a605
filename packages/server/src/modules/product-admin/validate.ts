import { checkContentLimits, EDITOR_VALIDATION_MESSAGES, fillMessage } from '@tessera/core';
import { isObject, type SiteIssue } from '../../site-dir/checker.js';
import { checkItemReferences } from '../../site-dir/limits.js';
import { parseItem } from '../../site-dir/parse.js';
import type { ItemDoc, JsonObject } from '../../site-dir/types.js';
import type { SiteSnapshot } from '../site/index.js';
import { AppError } from '../../errors.js';
import { freeLabelIssue } from '../site/index.js';

/** The related products an owner may choose for one product (the page shows them all). */
const MAX_RELATED = 8;

/** The editor's product: the item as the site directory holds it, and the id each variant was opened with (null for a new one). */
export interface EditedProduct {
  item: ItemDoc & { product: NonNullable<ItemDoc['product']> };
  variantIds: (string | null)[];
}

/**
 * The studio's item JSON checked by the site directory's own parser and limits, so the editor and
 * `tessera import` refuse the same things with the same messages. Each variant may carry its `id`
 * (the editor's handle on it, so a SKU can be renamed); it is taken out before the parser reads the
 * variant, where it would otherwise be kept as an unknown field. Issues are answered as field errors
 * keyed by their path in the body (`item.product.variants[1].priceCents`).
 */
export function parseEditedProduct(s: SiteSnapshot, raw: JsonObject): EditedProduct {
  const copy: JsonObject = { ...raw };
  const variantIds: (string | null)[] = [];
  if (isObject(copy.product) && Array.isArray(copy.product.variants)) {
    const variants = copy.product.variants.map((v) => {
      if (!isObject(v)) {
        variantIds.push(null);
        return v;
      }
      const { id, ...rest } = v;
      variantIds.push(typeof id === 'string' && id !== '' ? id : null);
      return rest;
    });
    copy.product = { ...copy.product, variants };
  }
  const issues: SiteIssue[] = [];
  const item = parseItem(issues, 'item', 'item', 'products', copy);
  if (item) issues.push(...itemIssues(s, item));
  if (issues.length > 0 || !item?.product) throw new AppError('VALIDATION_FAILED', undefined, fieldErrors(issues));
  return { item: item as EditedProduct['item'], variantIds };
}

/** What the parser leaves to the whole-site checks: tag and category lengths, references, SKUs twice in the product. */
function itemIssues(s: SiteSnapshot, item: ItemDoc): SiteIssue[] {
  const issues: SiteIssue[] = [];
  const report = (path: string, messages: string[]) => {
    for (const message of messages) issues.push({ file: 'item', path, message });
  };
  report('item.tags', checkContentLimits({ tags: strings(item.data.tags) }));
  report('item.categories', checkContentLimits({ categories: strings(item.data.categories) }));
  report('item.tags', duplicates(strings(item.data.tags), 'tag'));
  report('item.categories', duplicates(strings(item.data.categories), 'category'));
  issues.push(...checkItemReferences('item', 'item', item, { forms: new Set(s.forms.keys()), assets: new Set(s.assets.keys()) }));
  const seen = new Map<string, number>();
  item.product?.variants.forEach((v, i) => {
    if (seen.has(v.sku))
      issues.push({ file: 'item', path: `item.product.variants[${i}].sku`, message: `"${v.sku}" is the SKU of another variant of this product` });
    seen.set(v.sku, i);
  });
  const free = freeLabelIssue(item.product?.data);
  if (free) issues.push({ file: 'item', path: 'item.product.freeLabel', message: free });
  const paywall = item.product?.data.paywall;
  if (isObject(paywall) && typeof paywall.grants === 'string') {
    const area = s.collectionsByUrlId.get(paywall.grants);
    if (area?.access !== 'members') {
      issues.push({ file: 'item', path: 'item.product.paywall.grants', message: `no members' area "${paywall.grants}"` });
    }
  }
  const related = item.product?.data.relatedProducts;
  if (related !== undefined && (!Array.isArray(related) || related.some((r) => typeof r !== 'string' || !/^[^/]+\/[^/]+$/.test(r)))) {
    issues.push({ file: 'item', path: 'item.product.relatedProducts', message: 'must be a list of products as "<collection>/<urlId>"' });
  } else if (Array.isArray(related) && related.length > MAX_RELATED) {
    // The product page shows this many; more would be kept but never seen.
    issues.push({ file: 'item', path: 'item.product.relatedProducts', message: `choose at most ${MAX_RELATED} related products` });
  } else if (Array.isArray(related) && new Set(related).size !== related.length) {
    issues.push({ file: 'item', path: 'item.product.relatedProducts', message: 'lists a product twice' });
  }
  for (const key of ['seoTitle', 'seoDescription']) {
    const value = item.data[key];
    if (value !== undefined && value !== null && typeof value !== 'string') issues.push({ file: 'item', path: `item.${key}`, message: 'must be a string' });
  }
  return issues;
}

/** The spec's "This tag already exists" for a value listed twice on one product. */
function duplicates(values: string[], tagType: 'tag' | 'category'): string[] {
  const seen = new Set<string>();
  const twice = values.filter((v) => {
    const key = v.toLowerCase();
    const again = seen.has(key);
    seen.add(key);
    return again;
  });
  return twice.length > 0 ? [fillMessage(EDITOR_VALIDATION_MESSAGES.tagExists, { tagType })] : [];
}

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Issues as the API's field errors: the first message of each path. */
function fieldErrors(issues: readonly SiteIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path || 'item'] ??= issue.message;
  return errors;
}
