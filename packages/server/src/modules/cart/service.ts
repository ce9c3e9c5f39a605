import { FORM_MESSAGES, QUANTITY_INPUT, parseQuantity, validateAddToCart, type ProductData } from '@tessera/core';
import type { FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.js';
import { parseJsonText } from '../../http/json.js';
import { newId } from '../../storage/ids.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { openCollectionIds } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { checkValues, type AnswerRules } from '../forms/index.js';
import { siteForm } from '../forms/index.js';
import { newToken, tokenHash } from '../commerce/index.js';
import { storeRules } from '../commerce/index.js';
import { catalogProduct, forSale, liveStock, type CatalogProduct } from '../commerce/index.js';
import {
  CART_TOUCH_INTERVAL_MS,
  findCart,
  insertCart,
  insertEntry,
  listEntries,
  lockCartWithEntries,
  setEntryQuantity,
  touchCart,
  type CartRow,
  type EntryRow,
  type PurchasableRow,
} from './store.js';
import { cartView, type CartLine, type ShoppingCartView } from './view.js';
import { limitCartWrite } from './visitor.js';

/** Collections whose products visitors may buy: public ones without a password (site/access.ts). */
export function publicIn(s: SiteSnapshot): (collectionId: string) => boolean {
  const open = openCollectionIds(s);
  return (collectionId) => open.has(collectionId);
}

/** A rule of @tessera/core failed: its code and message become the 4xx answer. */
export function ruleFailed(result: { code: string; message: string }): AppError {
  return new AppError(result.code as ErrorCode, result.message);
}

/**
 * The rules' view of a catalog product (structuredContent's field names). Stock: the live count
 * of the one variant given, every other limited variant counts as having none (the rules only
 * look at the chosen one).
 */
function catalogData(p: CatalogProduct, stock?: { variantId: string; qtyInStock: number }): ProductData & { variantOptionOrdering: string[] } {
  return {
    productType: p.productType,
    isSubscribable: p.isSubscribable,
    variantOptionOrdering: p.variantOptionOrdering,
    variants: p.variants.map((v) => ({
      sku: v.sku,
      attributes: v.attributes,
      price: v.priceCents,
      salePrice: v.salePriceCents,
      onSale: v.onSale,
      // Without a live count (resolving the variant first), limited variants pass: the second check has the count.
      unlimited: v.unlimited || stock === undefined,
      qtyInStock: stock && stock.variantId === v.id ? stock.qtyInStock : 0,
    })),
  };
}

/** The rules' view of a product read live (the checkout), with every variant's stock. */
export function productData(rows: PurchasableRow[]): ProductData & { variantOptionOrdering: string[] } {
  const first = rows[0]!;
  return {
    productType: first.product_type,
    isSubscribable: first.is_subscribable === 1,
    variantOptionOrdering: JSON.parse(first.variant_option_ordering) as string[],
    variants: rows.map((r) => ({
      sku: r.sku,
      attributes: JSON.parse(r.attributes) as Record<string, string>,
      price: r.price_cents,
      salePrice: r.sale_price_cents,
      onSale: r.on_sale === 1,
      unlimited: r.unlimited === 1,
      qtyInStock: r.stock,
    })),
  };
}

/**
 * How the answers of an additional-fields form are held to it: they are stored with the cart entry
 * (and copied to the order line), so only the form's own fields, each within its field's rules and
 * maxLength (ADDITIONAL_FIELD_MAX_LENGTH characters for a text answer, or a part of a list answer,
 * whose field sets none), and at most ADDITIONAL_FIELDS_MAX_BYTES of JSON text in all
 * (docs/commerce-api.md).
 */
const ADDITIONAL_FIELD_MAX_LENGTH = 2000;
const ADDITIONAL_FIELDS_MAX_BYTES = 16 * 1024;
const ADDITIONAL_FIELDS_RULES: AnswerRules = Object.freeze({
  unknownFields: 'reject',
  defaultMaxLength: ADDITIONAL_FIELD_MAX_LENGTH,
  maxJsonBytes: ADDITIONAL_FIELDS_MAX_BYTES,
});

/** A product without a form: its answers may only be empty, as every id names no field. */
const NO_FORM = { fields: [] } as const;

/**
 * The answers of an additional-fields form, as JSON text (the spec sends them as text), checked by
 * the forms module's rules (ADDITIONAL_FIELDS_RULES); null for a product without a form, which
 * takes no answers (an empty object, empty text or none at all). Unparsable text, or answers the
 * form refuses, answer 400 with the errors per field.
 */
export function additionalFieldsFor(s: SiteSnapshot, formId: string | null, raw: unknown): string | null {
  let answers: unknown = raw ?? {};
  if (typeof raw === 'string') {
    try {
      answers = raw.trim() === '' ? {} : parseJsonText(raw);
    } catch {
      answers = undefined;
    }
  }
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    throw new AppError('VALIDATION_FAILED', FORM_MESSAGES.parseFieldsFailed, { additionalFields: FORM_MESSAGES.parseFieldsFailed });
  }
  const values = answers as Record<string, unknown>;
  const definition = formId ? s.forms.get(formId) : undefined;
  const form = definition ? siteForm(definition) : NO_FORM;
  checkValues(form, values, ADDITIONAL_FIELDS_RULES);
  return form === NO_FORM ? null : JSON.stringify(values);
}

export interface AddInput {
  itemId: string;
  sku: string;
  quantity: unknown;
  additionalFields: unknown;
}

/**
 * The cart operations. Every write runs in a write transaction that first locks the cart (on
 * PostgreSQL `select ... for update`; SQLite's immediate transaction holds the store), then reads
 * what the cart holds and checks the rules against it: two concurrent adds to one cart are
 * checked one after the other, so stock counted "with what the cart already holds" stays right.
 */
export class CartService {
  constructor(private readonly deps: CommerceDeps) {}

  /** The visitor's live cart by its token (purchased carts are history: the visitor has none). */
  async current(s: SiteSnapshot, token: string | undefined): Promise<CartRow | undefined> {
    if (!token) return undefined;
    const cart = await findCart(this.deps.store, this.deps.store.db, s.website.id, tokenHash(token));
    return cart && cart.is_purchased === 0 ? cart : undefined;
  }

  /** The entries with their products, leaving out those whose item or variant left the site. */
  async lines(s: SiteSnapshot, entries: readonly EntryRow[], db: Executor = this.deps.store.db): Promise<CartLine[]> {
    const lines: CartLine[] = [];
    for (const entry of entries) {
      const product = await catalogProduct(this.deps.store, s, entry.item_id, db);
      const variant = product?.variants.find((v) => v.sku === entry.sku);
      if (product && variant) lines.push({ entry, product, variant });
    }
    return lines;
  }

  /** The cart answer; `entries` when the caller has just read them (in its transaction). */
  async view(s: SiteSnapshot, cart: CartRow | undefined | null, entries?: readonly EntryRow[]): Promise<ShoppingCartView> {
    const { store } = this.deps;
    const rows = entries ?? (cart ? await listEntries(store, store.db, cart.id) : []);
    return cartView(s, storeRules(s), cart ?? null, await this.lines(s, rows), this.deps.clock());
  }

  /** The item's product when visitors may buy it, else ITEM_UNAVAILABLE. */
  async product(s: SiteSnapshot, itemId: string, db: Executor = this.deps.store.db): Promise<CatalogProduct> {
    // Inside a transaction, pass its connection: on SQLite the store's one connection is held by it.
    const product = await catalogProduct(this.deps.store, s, itemId, db);
    if (!forSale(s, product, this.deps.clock())) throw new AppError('ITEM_UNAVAILABLE');
    return product;
  }

  /**
   * Runs `work` with the visitor's cart locked and its entries read, creating the cart first when
   * the visitor has none (or only a purchased one) and `create` is set. Answers the cart and, for a
   * new cart, its token.
   */
  async withCart<T>(
    s: SiteSnapshot,
    token: string | undefined,
    kind: 'cart' | 'subscription',
    create: boolean,
    work: (tx: Executor, cart: CartRow, entries: EntryRow[]) => Promise<T>,
    first?: (tx: Executor) => Promise<void>,
  ): Promise<{ cart: CartRow; result: T; newToken: string | null }> {
    const { store, clock } = this.deps;
    return writeTransaction(store, async (tx) => {
      if (first) await first(tx);
      const found = token ? await lockCartWithEntries(store, tx, s.website.id, tokenHash(token)) : undefined;
      let cart = found?.cart;
      let entries = found?.entries ?? [];
      if (cart && cart.is_purchased === 1) {
        if (!create) throw new AppError('CART_PURCHASED');
        cart = undefined;
        entries = [];
      }
      let issued: string | null = null;
      if (!cart) {
        if (!create) throw new AppError('CART_NOT_FOUND');
        issued = newToken();
        const now = clock();
        cart = {
          id: newId(),
          website_id: s.website.id,
          token_hash: tokenHash(issued),
          kind,
          member_id: null,
          is_purchased: 0,
          order_id: null,
          coupons: '[]',
          shipping_location: null,
          shipping_option_id: null,
          created_on: now,
          updated_on: now,
        };
        await insertCart(store, tx, cart);
      }
      const result = await work(tx, cart, entries);
      // A cart written to is not abandoned: pruning keeps carts by this time (store.ts).
      const now = clock();
      if (!issued && now - cart.updated_on >= CART_TOUCH_INTERVAL_MS) await touchCart(store, tx, cart.id, now);
      return { cart, result, newToken: issued };
    });
  }

  /**
   * A cart write from a visitor's request: counted against the cart write limits, then `withCart`.
   * On SQLite the count is written in the cart's own transaction (one commit per request: the
   * store's write lock is taken anyway); on PostgreSQL before it, so that the address's counter row
   * is locked only for its own statement. A refused write still counts: when the transaction that
   * counted it rolls back, it is counted again alone.
   */
  async write<T>(
    s: SiteSnapshot,
    request: FastifyRequest,
    token: string | undefined,
    kind: 'cart' | 'subscription',
    create: boolean,
    work: (tx: Executor, cart: CartRow, entries: EntryRow[]) => Promise<T>,
  ): Promise<{ cart: CartRow; result: T; newToken: string | null }> {
    const limit = (db?: Executor) => limitCartWrite(this.deps, request, s.website.id, db);
    if (this.deps.store.dialect !== 'sqlite') {
      await limit();
      return this.withCart(s, token, kind, create, work);
    }
    try {
      return await this.withCart(s, token, kind, create, work, limit);
    } catch (error) {
      if (error instanceof AppError && error.code !== 'RATE_LIMITED') await limit();
      throw error;
    }
  }

  /**
   * Checks an entry's rules: the variant (by SKU), the quantity, and the stock counting what the
   * cart already holds of that variant. Stock is read live, only for variants that have a count.
   */
  private async check(tx: Executor, product: CatalogProduct, sku: string, quantity: unknown, inCart: (sku: string) => number) {
    const resolved = validateAddToCart({ product: catalogData(product), sku, quantity: quantity === undefined ? QUANTITY_INPUT.defaultValue : quantity });
    if (!resolved.ok) throw ruleFailed(resolved);
    const variant = product.variants.find((v) => v.sku === resolved.variant.sku)!;
    const stock = variant.unlimited ? undefined : { variantId: variant.id, qtyInStock: await liveStock(this.deps.store, tx, variant.id) };
    const checked = validateAddToCart({
      product: catalogData(product, stock ?? { variantId: '', qtyInStock: 0 }),
      sku: variant.sku,
      quantity: resolved.quantity,
      quantityInCart: inCart(variant.sku),
    });
    if (!checked.ok) throw ruleFailed(checked);
    return { variant, quantity: checked.quantity };
  }

  /**
   * Adds to the cart: merges with an entry of the same item, variant and form answers. Answers the
   * entry and the cart's entries as they are after the write (the answer needs no second read).
   */
  async add(
    s: SiteSnapshot,
    tx: Executor,
    cart: CartRow,
    entries: EntryRow[],
    product: CatalogProduct,
    input: AddInput,
    fields: string | null,
  ): Promise<{ entryId: string; entries: EntryRow[] }> {
    const { store, clock } = this.deps;
    const same = (sku: string) => entries.filter((e) => e.item_id === product.itemId && e.sku === sku);
    const { variant, quantity } = await this.check(tx, product, input.sku, input.quantity, (sku) => same(sku).reduce((n, e) => n + e.quantity, 0));
    const match = same(variant.sku).find((e) => e.additional_fields === fields);
    if (match) {
      if (match.quantity + quantity > QUANTITY_INPUT.max) throw ruleFailed(parseQuantity(match.quantity + quantity) as { code: string; message: string });
      match.quantity += quantity;
      await setEntryQuantity(store, tx, cart.id, match.id, match.quantity);
      return { entryId: match.id, entries };
    }
    const entry: EntryRow = {
      id: newId(),
      item_id: product.itemId,
      sku: variant.sku,
      quantity,
      additional_fields: fields,
      created_on: clock(),
      position: entries.reduce((n, e) => Math.max(n, e.position), 0) + 1,
    };
    await insertEntry(store, tx, { ...entry, website_id: s.website.id, cart_id: cart.id });
    entries.push(entry);
    return { entryId: entry.id, entries };
  }

  /** Sets an entry's quantity, checking stock against the rest of what the cart holds of that variant. */
  async setQuantity(s: SiteSnapshot, tx: Executor, cart: CartRow, entries: EntryRow[], entryId: string, quantity: unknown): Promise<void> {
    const entry = entries.find((e) => e.id === entryId);
    if (!entry) throw new AppError('ENTRY_NOT_FOUND');
    const product = await this.product(s, entry.item_id, tx);
    const others = entries.filter((e) => e.id !== entryId && e.item_id === entry.item_id && e.sku === entry.sku).reduce((n, e) => n + e.quantity, 0);
    const checked = await this.check(tx, product, entry.sku, quantity, () => others);
    await setEntryQuantity(this.deps.store, tx, cart.id, entryId, checked.quantity);
    entry.quantity = checked.quantity;
  }
}
