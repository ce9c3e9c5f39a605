import {
  FORM_MESSAGES, QUANTITY_INPUT, parseQuantity, requiredFieldErrors, validateAddToCart, type FormFieldDefinition, type ProductData,
} from '@tessera/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.js';
import { newId } from '../../storage/ids.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import type { CommerceDeps } from '../commerce/deps.js';
import { newToken, tokenHash } from '../commerce/signing.js';
import { storeRules } from '../commerce/settings.js';
import {
  findCart, findProductDocs, findPurchasable, insertCart, insertEntry, listEntryViews, lockCartWithEntries, setEntryQuantity,
  type CartRow, type EntryViewRow, type PurchasableRow,
} from './store.js';
import { cartView, loadLooks, type ShoppingCartView } from './view.js';
import { limitCartWrite } from './visitor.js';

/** Collections whose products visitors may buy: public ones (members-only areas wait for the accounts issue). */
export function publicIn(s: SiteSnapshot): (collectionId: string) => boolean {
  return (collectionId) => s.collectionsById.get(collectionId)?.access === 'public';
}

/** A rule of @tessera/core failed: its code and message become the 4xx answer. */
export function ruleFailed(result: { code: string; message: string }): AppError {
  return new AppError(result.code as ErrorCode, result.message);
}

/** The rules' view of a purchasable product: structuredContent's field names, with live stock. */
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
 * The answers of an additional-fields form, as JSON text (the spec sends them as text). Products
 * without a form keep none. Unparsable text, or required fields left empty, answer 400 with the
 * errors per field.
 */
export function additionalFieldsFor(s: SiteSnapshot, formId: string | null, raw: unknown): string | null {
  if (!formId) return null;
  const form = s.forms.get(formId);
  if (!form) return null;
  let answers: unknown = raw ?? {};
  if (typeof raw === 'string') {
    try {
      answers = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      answers = undefined;
    }
  }
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    throw new AppError('VALIDATION_FAILED', FORM_MESSAGES.parseFieldsFailed, { additionalFields: FORM_MESSAGES.parseFieldsFailed });
  }
  const fields = (Array.isArray(form.definition.fields) ? form.definition.fields : []) as unknown as FormFieldDefinition[];
  const errors = requiredFieldErrors(fields, answers as Record<string, unknown>);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return JSON.stringify(answers);
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

  /** The cart answer; `rows` when the caller has just read the entries (in its transaction). */
  async view(s: SiteSnapshot, cart: CartRow | undefined | null, rows?: EntryViewRow[]): Promise<ShoppingCartView> {
    const { store } = this.deps;
    const entries = rows ?? (cart ? await listEntryViews(store, store.db, cart.id) : []);
    const looks = await loadLooks(s, entries, (itemId) => findProductDocs(store, store.db, itemId));
    return cartView(s, storeRules(s), cart ?? null, entries, looks);
  }

  /** The item's product, visible and for sale, or ITEM_UNAVAILABLE. */
  async purchasable(s: SiteSnapshot, itemId: string, db: Executor = this.deps.store.db): Promise<PurchasableRow[]> {
    // Inside a transaction, pass its connection: on SQLite the store's one connection is held by it.
    const rows = await findPurchasable(this.deps.store, db, s.website.id, itemId, this.deps.clock(), publicIn(s));
    if (rows.length === 0) throw new AppError('ITEM_UNAVAILABLE');
    return rows;
  }

  /**
   * Runs `work` with the visitor's cart locked and its entries read, creating the cart first when the visitor has none
   * (or only a purchased one) and `create` is set. Answers the cart and, for a new cart, its token.
   */
  async withCart<T>(
    s: SiteSnapshot, token: string | undefined, kind: 'cart' | 'subscription', create: boolean,
    work: (tx: Executor, cart: CartRow, entries: EntryViewRow[]) => Promise<T>, first?: (tx: Executor) => Promise<void>,
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
          id: newId(), website_id: s.website.id, token_hash: tokenHash(issued), kind, member_id: null, is_purchased: 0, order_id: null,
          coupons: '[]', shipping_location: null, shipping_option_id: null, created_on: now, updated_on: now,
        };
        await insertCart(store, tx, cart);
      }
      const result = await work(tx, cart, entries);
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
    s: SiteSnapshot, request: FastifyRequest, reply: FastifyReply, token: string | undefined, kind: 'cart' | 'subscription', create: boolean,
    work: (tx: Executor, cart: CartRow, entries: EntryViewRow[]) => Promise<T>,
  ): Promise<{ cart: CartRow; result: T; newToken: string | null }> {
    const limit = (db?: Executor) => limitCartWrite(this.deps, request, reply, s.website.id, db);
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
   * Adds to the cart: merges with an entry of the same item, variant and form answers. Reads the
   * cart's entries once, inside the transaction, and answers them as they are after the write (the
   * cart answer needs no second read).
   */
  async add(
    s: SiteSnapshot, tx: Executor, cart: CartRow, entries: EntryViewRow[], rows: PurchasableRow[], input: AddInput, fields: string | null,
  ): Promise<{ entryId: string; entries: EntryViewRow[] }> {
    const { store, clock } = this.deps;
    const product = productData(rows);
    const check = validateAddToCart({ product, sku: input.sku, quantity: input.quantity === undefined ? QUANTITY_INPUT.defaultValue : input.quantity, quantityInCart: 0 });
    if (!check.ok) throw ruleFailed(check);
    const sku = check.variant.sku!;
    const same = entries.filter((e) => e.item_id === input.itemId && e.sku === sku);
    const inCart = same.reduce((n, e) => n + e.quantity, 0);
    const withCart = validateAddToCart({ product, sku, quantity: check.quantity, quantityInCart: inCart });
    if (!withCart.ok) throw ruleFailed(withCart);
    const match = same.find((e) => e.additional_fields === fields);
    if (match) {
      if (match.quantity + check.quantity > QUANTITY_INPUT.max) throw ruleFailed(parseQuantity(match.quantity + check.quantity) as { code: string; message: string });
      match.quantity += check.quantity;
      await setEntryQuantity(store, tx, cart.id, match.id, match.quantity);
      return { entryId: match.id, entries };
    }
    const v = rows.find((r) => r.sku === sku)!;
    const entry: EntryViewRow = {
      id: newId(), item_id: input.itemId, sku, quantity: check.quantity, additional_fields: fields, created_on: clock(),
      position: entries.reduce((n, e) => Math.max(n, e.position), 0) + 1,
      title: v.title, url_id: v.url_id, collection_id: v.collection_id, product_type: v.product_type, is_subscribable: v.is_subscribable,
      variant_id: v.variant_id, attributes: v.attributes, price_cents: v.price_cents, sale_price_cents: v.sale_price_cents,
      on_sale: v.on_sale, stock: v.stock, unlimited: v.unlimited, image: v.image,
    };
    await insertEntry(store, tx, { ...entry, website_id: s.website.id, cart_id: cart.id });
    entries.push(entry);
    return { entryId: entry.id, entries };
  }

  /** Sets an entry's quantity, checking stock against the rest of what the cart holds of that variant. */
  async setQuantity(s: SiteSnapshot, tx: Executor, cart: CartRow, entries: EntryViewRow[], entryId: string, quantity: unknown): Promise<void> {
    const { store } = this.deps;
    const entry = entries.find((e) => e.id === entryId);
    if (!entry) throw new AppError('ENTRY_NOT_FOUND');
    const rows = await this.purchasable(s, entry.item_id, tx);
    const others = entries.filter((e) => e.id !== entryId && e.item_id === entry.item_id && e.sku === entry.sku).reduce((n, e) => n + e.quantity, 0);
    const check = validateAddToCart({ product: productData(rows), sku: entry.sku, quantity, quantityInCart: others });
    if (!check.ok) throw ruleFailed(check);
    await setEntryQuantity(store, tx, cart.id, entryId, check.quantity);
  }
}
