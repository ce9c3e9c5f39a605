import { ProductType, validateAddToCart, validateDonationAmount } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { catalogProduct } from '../commerce/index.js';
import { tokenHash } from '../commerce/index.js';
import { storeRules } from '../commerce/index.js';
import { additionalFieldsFor, productData, publicIn, ruleFailed } from '../cart/index.js';
import { findPurchasable, listEntries, lockCart, type CartRow, type PurchasableRow } from '../cart/index.js';

/** One line of what is being bought, read inside the order's transaction (live price, visibility). */
interface BasketLine {
  itemId: string | null;
  sku: string | null;
  variantId: string | null;
  title: string;
  /** Null for a donation. */
  productType: number | null;
  attributes: string;
  additionalFields: string | null;
  quantity: number;
  unitPriceCents: number;
  /** Physical and service variants with limited stock: the order takes their stock. */
  tracksStock: boolean;
}

export interface Basket {
  kind: 'order' | 'subscription' | 'donation';
  /** The cart being checked out, locked for the transaction; null for express checkout and donations. */
  cart: CartRow | null;
  lines: BasketLine[];
  couponCodes: string[];
}

/** What the checkout body says is being bought: the cart (default), one item (express), or a donation. */
export type BasketSource =
  | { kind: 'cart'; token: string | undefined }
  | { kind: 'express'; itemId: string; sku: string; quantity: unknown; additionalFields: unknown }
  | { kind: 'donation'; amountCents: unknown };

function line(row: PurchasableRow, quantity: number, additionalFields: string | null): BasketLine {
  const tracksStock = (row.product_type === ProductType.PHYSICAL || row.product_type === ProductType.SERVICE) && row.unlimited === 0;
  return {
    itemId: row.item_id,
    sku: row.sku,
    variantId: row.variant_id,
    title: row.title,
    productType: row.product_type,
    attributes: row.attributes,
    additionalFields,
    quantity,
    unitPriceCents: row.on_sale === 1 ? row.sale_price_cents : row.price_cents,
    tracksStock,
  };
}

/**
 * Reads the basket inside the order's transaction. A cart is locked first (so a concurrent add to
 * it waits), and every entry is checked again: its item still visible and for sale, its variant
 * still there. Stock is not checked here: taking it is the check (inventory/stock.ts).
 */
export async function loadBasket(deps: CommerceDeps, s: SiteSnapshot, tx: Executor, source: BasketSource): Promise<Basket> {
  const { store, clock } = deps;
  const now = clock();
  const purchasable = async (itemId: string) => {
    const rows = await findPurchasable(store, tx, s.website.id, itemId, now, publicIn(s));
    if (rows.length === 0) throw new AppError('ITEM_UNAVAILABLE');
    return rows;
  };

  if (source.kind === 'donation') {
    const rules = storeRules(s);
    const check = validateDonationAmount(source.amountCents, rules.donations, rules.format);
    if (!check.ok) throw ruleFailed(check);
    return {
      kind: 'donation',
      cart: null,
      couponCodes: [],
      lines: [
        {
          itemId: null,
          sku: null,
          variantId: null,
          title: 'Donation',
          productType: null,
          attributes: '{}',
          additionalFields: null,
          quantity: 1,
          unitPriceCents: check.amountCents,
          tracksStock: false,
        },
      ],
    };
  }

  if (source.kind === 'express') {
    const rows = await purchasable(source.itemId);
    const check = validateAddToCart({
      product: productData(rows),
      sku: source.sku,
      quantity: source.quantity === undefined ? 1 : source.quantity,
      quantityInCart: 0,
    });
    if (!check.ok) throw ruleFailed(check);
    const row = rows.find((r) => r.sku === check.variant.sku)!;
    const fields = additionalFieldsFor(s, row.additional_fields_form_id, source.additionalFields);
    return { kind: 'order', cart: null, couponCodes: [], lines: [line(row, check.quantity, fields)] };
  }

  const cart = source.token ? await lockCart(store, tx, s.website.id, tokenHash(source.token)) : undefined;
  if (!cart) throw new AppError(source.token ? 'CART_NOT_FOUND' : 'CART_EMPTY');
  if (cart.is_purchased === 1) throw new AppError('CART_PURCHASED');
  const entries = await listEntries(store, tx, cart.id);
  if (entries.length === 0) throw new AppError('CART_EMPTY');
  const byItem = new Map<string, PurchasableRow[]>();
  const lines: BasketLine[] = [];
  for (const entry of entries) {
    let rows = byItem.get(entry.item_id);
    if (!rows) {
      rows = await findPurchasable(store, tx, s.website.id, entry.item_id, now, publicIn(s));
      // An entry whose product or variant left the site is not in the cart answer either: it is not
      // bought. One that is still there but no longer for sale (hidden, members only) is refused.
      if (rows.length === 0 && (await catalogProduct(store, s, entry.item_id, tx))?.variants.some((v) => v.sku === entry.sku)) {
        throw new AppError('ITEM_UNAVAILABLE');
      }
      byItem.set(entry.item_id, rows);
    }
    const row = rows.find((r) => r.sku === entry.sku);
    if (row) lines.push(line(row, entry.quantity, entry.additional_fields));
  }
  if (lines.length === 0) throw new AppError('CART_EMPTY');
  return { kind: cart.kind === 'subscription' ? 'subscription' : 'order', cart, lines, couponCodes: JSON.parse(cart.coupons) as string[] };
}
