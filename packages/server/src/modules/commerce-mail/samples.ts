import { ProductType, parseSubscriptionPlan, nextBillingDate, subscriptionPriceText } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { MailKinds } from '../../mail/index.js';
import type { Database } from '../../storage/schema.js';
import { storeRules } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { itemUrl } from '../site/index.js';
import { assetUrl } from '../site/index.js';
import { firstImage } from '../commerce/index.js';
import { REVIEWS_REQUEST_PATH } from '../reviews/index.js';
import '../orders/index.js';
import '../restock/index.js';
import '../reviews/index.js';
import { siteDate, siteTime } from './templates.js';

/** The commerce mails the owner can preview (page type 301), in the order a buyer meets them. */
export const PREVIEW_KINDS = [
  { kind: 'order-confirmation', title: 'Order confirmation' },
  { kind: 'gift-card-code', title: 'Gift card code' },
  { kind: 'digital-download', title: 'Digital download link' },
  { kind: 'subscription-confirmation', title: 'Subscription confirmation' },
  { kind: 'restock-notice', title: 'Restock notice' },
  { kind: 'review-request', title: 'Review request' },
] as const satisfies readonly { kind: keyof MailKinds; title: string }[];

export type PreviewKind = (typeof PREVIEW_KINDS)[number]['kind'];

interface SampleProduct {
  itemId: string;
  title: string;
  url: string;
  image: string | null;
  productType: number;
  priceCents: number;
  variantText: string;
  subscribable: boolean;
}

/** The site's visible products of public collections, with their first variant's price: what the samples are made of. */
async function siteProducts(db: Kysely<Database>, s: SiteSnapshot, now: number): Promise<SampleProduct[]> {
  const rows = await db
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .innerJoin('product_variants as v', 'v.item_id', 'items.id')
    .select([
      'items.id',
      'items.title',
      'items.url_id',
      'items.collection_id',
      'items.status',
      'items.publish_on',
      'items.data as item_data',
      'products.product_type',
      'products.is_subscribable',
      'products.data as product_data',
      'v.price_cents',
      'v.attributes',
    ])
    .where('items.website_id', '=', s.website.id)
    .orderBy('items.position')
    .orderBy('v.position')
    .limit(500)
    .execute();
  const products = new Map<string, SampleProduct>();
  for (const r of rows) {
    const c = s.collectionsById.get(r.collection_id);
    const visible = r.status === 'published' || (r.status === 'scheduled' && r.publish_on !== null && r.publish_on <= now);
    if (c?.access !== 'public' || !visible || products.has(r.id)) continue;
    const attributes = JSON.parse(r.attributes) as Record<string, string>;
    products.set(r.id, {
      itemId: r.id,
      title: r.title,
      url: itemUrl(s, c, r),
      image: firstImage(r.item_data, r.product_data),
      productType: r.product_type,
      priceCents: r.price_cents,
      variantText: Object.entries(attributes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
      subscribable: r.is_subscribable === 1,
    });
  }
  return [...products.values()];
}

const FALLBACK: SampleProduct = {
  itemId: '',
  title: 'Sample product',
  url: '/',
  image: null,
  productType: ProductType.PHYSICAL,
  priceCents: 2500,
  variantText: '',
  subscribable: false,
};

/**
 * A sample input of each commerce mail, made of the site's own products and settings (its prices,
 * currency, language, time zone and address), as a buyer of the site would receive it. Links point
 * at the site but carry no valid token: a preview gives nobody an order.
 */
export async function sampleInput(db: Kysely<Database>, s: SiteSnapshot, kind: PreviewKind, baseUrl: string, now: number): Promise<MailKinds[PreviewKind]> {
  const products = await siteProducts(db, s, now);
  const { format, shippingOptions } = storeRules(s);
  const ofType = (...types: number[]) => products.filter((p) => types.includes(p.productType));
  const physical = ofType(ProductType.PHYSICAL, ProductType.SERVICE);
  const digital = ofType(ProductType.DIGITAL)[0] ?? { ...FALLBACK, title: 'Sample download', productType: ProductType.DIGITAL };
  const giftCard = ofType(ProductType.GIFT_CARD)[0] ?? { ...FALLBACK, title: 'Gift card', productType: ProductType.GIFT_CARD, priceCents: 5000 };
  const orderNumber = 1001;
  const code = 'K7QM-2XWD-PN4R-8TZC';
  const downloadUrl = `${baseUrl}/api/commerce/downloads/preview?token=preview`;
  const orderStatusUrl = `${baseUrl}/commerce/order-status?token=preview`;

  switch (kind) {
    case 'order-confirmation': {
      const lines = [...(physical.length > 0 ? physical.slice(0, 2) : [FALLBACK]), digital, giftCard];
      const subtotal = lines.reduce((n, l) => n + l.priceCents, 0);
      const shipping = shippingOptions[0] && physical.length > 0 ? shippingOptions[0].priceCents : 0;
      return {
        kind: 'order',
        orderNumber,
        paymentPending: false,
        lines: lines.map((l) => ({
          title: l.title,
          quantity: 1,
          subTotal: format(l.priceCents),
          giftCardCodes: l === giftCard ? [code] : [],
          downloadUrl: l === digital ? downloadUrl : null,
        })),
        totals: [
          { label: 'Subtotal', amount: format(subtotal) },
          ...(shipping > 0 ? [{ label: 'Shipping', amount: format(shipping) }] : []),
          { label: 'Total', amount: format(subtotal + shipping) },
        ],
        subscriptions: [],
        orderStatusUrl,
      };
    }
    case 'gift-card-code':
      return { orderNumber, productTitle: giftCard.title, code, amount: format(giftCard.priceCents), shopUrl: `${baseUrl}/` };
    case 'digital-download':
      return { orderNumber, downloads: [{ title: digital.title, url: downloadUrl, expiresOn: siteTime(now + 24 * 3_600_000, s.language, s.timeZone) }] };
    case 'subscription-confirmation': {
      const product = products.find((p) => p.subscribable) ?? physical[0] ?? FALLBACK;
      const planRow = product.itemId
        ? await db.selectFrom('subscription_plans').selectAll().where('item_id', '=', product.itemId).executeTakeFirst()
        : undefined;
      const plan = parseSubscriptionPlan(
        planRow
          ? { billingPeriod: { value: planRow.billing_period_value, unit: planRow.billing_period_unit }, numBillingCycles: planRow.num_billing_cycles }
          : { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      )!;
      const next = nextBillingDate(plan, now);
      return {
        orderNumber,
        subscriptions: [
          {
            title: product.title,
            priceText: subscriptionPriceText(plan, format(product.priceCents)),
            nextBillingDate: next === null ? null : siteDate(next, s.language, s.timeZone),
          },
        ],
        orderStatusUrl,
      };
    }
    case 'restock-notice': {
      const product = physical[0] ?? FALLBACK;
      const image = product.image ? assetUrl(s, product.image) : null;
      return {
        productTitle: product.title,
        variantText: product.variantText,
        productUrl: `${baseUrl}${product.url}`,
        imageUrl: image ? (image.startsWith('/') ? `${baseUrl}${image}` : image) : null,
      };
    }
    case 'review-request':
      return {
        orderNumber,
        products: (physical.length > 0 ? physical.slice(0, 2) : [FALLBACK]).map((p) => ({ title: p.title })),
        reviewUrl: `${baseUrl}${REVIEWS_REQUEST_PATH}?token=preview`,
      };
  }
}
