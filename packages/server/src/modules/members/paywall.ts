import { ProductType, formatMoney, isCurrencyCode, makeMoney, parseSubscriptionPlan, subscriptionPriceText } from '@tessera/core';
import type { Store } from '../../storage/dialect.js';
import { visibleAt } from '../../storage/content.js';
import { money, type Money } from '../site/index.js';
import { itemUrl } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';

/** A way to join an area: a paywall product on sale, bought by express checkout (storefront.md section 2, "join button"). */
export interface JoinOption {
  itemId: string;
  sku: string;
  title: string;
  fullUrl: string | null;
  priceCents: number;
  price: Money;
  /** "$9.00", or the subscription's "$9.00 every month", in the page's language. */
  priceText: string;
  pricing: 'one-time' | 'subscription';
  /** The body of `POST /api/commerce/checkout` that buys it: `{ expressCheckout: { itemId, sku } }`. */
  expressCheckout: { itemId: string; sku: string };
}

/**
 * The paywall products (type 5) of public collections that grant an area, in display order, with
 * their first variant's price (the sale price while on sale). One query; the theme and the join
 * island read them on the access-denied page and beside a lesson's locked video.
 */
export async function joinOptions(store: Store, s: SiteSnapshot, area: string, language: string, now: number): Promise<JoinOption[]> {
  const rows = await store.db
    .selectFrom('products')
    .innerJoin('items', 'items.id', 'products.item_id')
    .innerJoin('product_variants as v', 'v.item_id', 'products.item_id')
    .leftJoin('subscription_plans as plan', 'plan.item_id', 'products.item_id')
    .select([
      'items.id',
      'items.url_id',
      'items.title',
      'items.collection_id',
      'items.position',
      'products.data',
      'v.sku',
      'v.price_cents',
      'v.sale_price_cents',
      'v.on_sale',
      'v.position as variant_position',
      'plan.billing_period_value',
      'plan.billing_period_unit',
      'plan.num_billing_cycles',
    ])
    .where('products.website_id', '=', s.website.id)
    .where('products.product_type', '=', ProductType.PAYWALL)
    .where(visibleAt(now))
    .orderBy('items.position')
    .orderBy('v.position')
    .execute();
  const currency = isCurrencyCode(s.currency) ? s.currency : 'USD';
  const format = (cents: number) => {
    try {
      return formatMoney(makeMoney(cents, currency), { locale: language });
    } catch {
      return formatMoney(makeMoney(cents, currency));
    }
  };
  const seen = new Set<string>();
  const out: JoinOption[] = [];
  for (const r of rows) {
    const c = s.collectionsById.get(r.collection_id);
    if (seen.has(r.id) || !c || c.access !== 'public') continue;
    const paywall = (JSON.parse(r.data) as { paywall?: { grants?: unknown; pricing?: unknown } }).paywall ?? {};
    if ((typeof paywall.grants === 'string' ? paywall.grants : 'members') !== area) continue;
    seen.add(r.id);
    const cents = r.on_sale === 1 ? r.sale_price_cents : r.price_cents;
    const plan = r.billing_period_unit
      ? parseSubscriptionPlan({
          billingPeriod: { value: r.billing_period_value, unit: r.billing_period_unit },
          numBillingCycles: r.num_billing_cycles,
        })
      : undefined;
    const subscription = paywall.pricing === 'subscription' && plan !== undefined;
    out.push({
      itemId: r.id,
      sku: r.sku,
      title: r.title,
      fullUrl: itemUrl(s, c, r),
      priceCents: cents,
      price: money(cents, currency),
      priceText: subscription ? subscriptionPriceText(plan, format(cents)) : format(cents),
      pricing: subscription ? 'subscription' : 'one-time',
      expressCheckout: { itemId: r.id, sku: r.sku },
    });
  }
  return out;
}
