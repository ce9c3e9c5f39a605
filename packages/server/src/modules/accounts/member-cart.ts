import { createHmac } from 'node:crypto';
import { QUANTITY_INPUT } from '@tessera/core';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { siteSecret } from '../../storage/site-secrets.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type {} from '../../storage/schema-commerce.js';
import { newToken, tokenHash } from '../commerce/index.js';
import { CART_COOKIE } from '../cart/index.js';
import { lockCartWithEntries, type EntryRow } from '../cart/index.js';

/** Coupons a cart holds at most (the cart module refuses a sixth). */
const MAX_COUPONS = 5;

/**
 * The signed-in shopper's cart (storefront.md sections 1 and 6: "signed-in users get the cart
 * loaded"). A member has one live cart, a row of `carts` with `member_id` set (a partial unique
 * index keeps it one). Its token is never given to a browser: it is derived from the cart's id with
 * the site's `member-carts` secret, and for every request of a signed-in member the server puts it
 * in place of the `cart` cookie before the cart and checkout routes read it. So every device the
 * member signs in on reads and writes the same cart, and a device that signs out keeps nothing of it.
 */
export class MemberCarts {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  private async tokenFor(websiteId: string, cartId: string): Promise<string> {
    const secret = await siteSecret(this.store.db, websiteId, 'member-carts', this.clock());
    return createHmac('sha256', secret).update(cartId).digest('base64url');
  }

  /** The member's live cart and its token, made (empty) when the member has none. */
  async ensure(websiteId: string, memberId: string): Promise<{ cartId: string; token: string }> {
    const db = this.store.db;
    const find = () =>
      db
        .selectFrom('carts')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('member_id', '=', memberId)
        .where('kind', '=', 'cart')
        .where('is_purchased', '=', 0)
        .executeTakeFirst();
    let row = await find();
    if (!row) {
      const id = newId();
      const token = await this.tokenFor(websiteId, id);
      const now = this.clock();
      // Two first requests at once: the unique index lets one insert through; both read the winner.
      await db
        .insertInto('carts')
        .values({
          id,
          website_id: websiteId,
          token_hash: tokenHash(token),
          kind: 'cart',
          member_id: memberId,
          is_purchased: 0,
          order_id: null,
          coupons: '[]',
          shipping_location: null,
          shipping_option_id: null,
          created_on: now,
          updated_on: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await find();
      if (!row) throw new Error('the member cart could not be stored');
    }
    return { cartId: row.id, token: await this.tokenFor(websiteId, row.id) };
  }

  /** Puts the member's cart token where the cart routes read the visitor's (request.cookies.cart). */
  async useFor(request: FastifyRequest, websiteId: string, memberId: string): Promise<void> {
    const { token } = await this.ensure(websiteId, memberId);
    request.cookies[CART_COOKIE] = token;
  }

  /**
   * Signing in: the visitor's anonymous cart (by its cookie) goes into the member's cart without
   * losing an entry. An entry of the same item and variant without form answers adds its quantity
   * to the member's (capped by the variant's stock and by 9999, never below what either held);
   * entries with additional-fields answers stay separate entries. Coupons are joined (at most 5);
   * the member's shipping choices win, the visitor's fill gaps. The anonymous cart is deleted.
   */
  async merge(websiteId: string, memberId: string, anonymousToken: string | undefined): Promise<void> {
    const member = await this.ensure(websiteId, memberId);
    if (!anonymousToken || tokenHash(anonymousToken) === tokenHash(member.token)) return;
    await writeTransaction(this.store, async (tx) => {
      const mine = await lockCartWithEntries(this.store, tx, websiteId, tokenHash(member.token));
      const theirs = await lockCartWithEntries(this.store, tx, websiteId, tokenHash(anonymousToken));
      if (!mine || !theirs || theirs.cart.member_id !== null || theirs.cart.kind !== 'cart' || theirs.cart.is_purchased === 1) return;
      const now = this.clock();
      let position = mine.entries.reduce((n, e) => Math.max(n, e.position), 0);
      for (const entry of theirs.entries) {
        const same =
          entry.additional_fields === null
            ? mine.entries.find((e) => e.item_id === entry.item_id && e.sku === entry.sku && e.additional_fields === null)
            : undefined;
        if (same) {
          const capped = await this.cap(tx, websiteId, entry, mine.entries, same.quantity + entry.quantity);
          const quantity = Math.max(same.quantity, Math.min(capped, same.quantity + entry.quantity));
          await tx.updateTable('cart_entries').set({ quantity }).where('id', '=', same.id).execute();
          same.quantity = quantity;
        } else {
          const quantity = Math.max(1, Math.min(entry.quantity, await this.cap(tx, websiteId, entry, mine.entries, entry.quantity)));
          const row: EntryRow = { ...entry, id: newId(), position: ++position, quantity };
          await tx
            .insertInto('cart_entries')
            .values({ ...row, website_id: websiteId, cart_id: mine.cart.id })
            .execute();
          mine.entries.push(row);
        }
      }
      const coupons = [...new Set([...(JSON.parse(mine.cart.coupons) as string[]), ...(JSON.parse(theirs.cart.coupons) as string[])])].slice(0, MAX_COUPONS);
      await tx
        .updateTable('carts')
        .set({
          coupons: JSON.stringify(coupons),
          shipping_location: mine.cart.shipping_location ?? theirs.cart.shipping_location,
          shipping_option_id: mine.cart.shipping_option_id ?? theirs.cart.shipping_option_id,
          updated_on: now,
        })
        .where('id', '=', mine.cart.id)
        .execute();
      await tx.deleteFrom('carts').where('id', '=', theirs.cart.id).execute();
    });
  }

  /**
   * How much of a variant the member's cart may hold in this entry: the live stock less what the
   * cart's other entries of the variant hold (unlimited variants: 9999), at most 9999.
   */
  private async cap(tx: Executor, websiteId: string, entry: EntryRow, entries: EntryRow[], wanted: number): Promise<number> {
    const variant = await tx
      .selectFrom('product_variants')
      .select(['stock', 'unlimited'])
      .where('website_id', '=', websiteId)
      .where('item_id', '=', entry.item_id)
      .where('sku', '=', entry.sku)
      .executeTakeFirst();
    if (!variant || variant.unlimited === 1) return Math.min(wanted, QUANTITY_INPUT.max);
    const others = entries
      .filter((e) => e.item_id === entry.item_id && e.sku === entry.sku && (entry.additional_fields !== null || e.additional_fields !== null))
      .reduce((n, e) => n + e.quantity, 0);
    return Math.min(QUANTITY_INPUT.max, Math.max(0, variant.stock - others));
  }

  /**
   * Signing out with cloneCart=true: a new anonymous cart holding a copy of the member's entries,
   * coupons and shipping choices; answers its token (for the visitor's cart cookie), or null when
   * the member's cart is empty.
   */
  async clone(websiteId: string, memberId: string): Promise<string | null> {
    const member = await this.ensure(websiteId, memberId);
    return writeTransaction(this.store, async (tx) => {
      const mine = await lockCartWithEntries(this.store, tx, websiteId, tokenHash(member.token));
      if (!mine || mine.entries.length === 0) return null;
      const token = newToken();
      const now = this.clock();
      const cartId = newId();
      await tx
        .insertInto('carts')
        .values({
          id: cartId,
          website_id: websiteId,
          token_hash: tokenHash(token),
          kind: 'cart',
          member_id: null,
          is_purchased: 0,
          order_id: null,
          coupons: mine.cart.coupons,
          shipping_location: mine.cart.shipping_location,
          shipping_option_id: mine.cart.shipping_option_id,
          created_on: now,
          updated_on: now,
        })
        .execute();
      await tx
        .insertInto('cart_entries')
        .values(mine.entries.map((e) => ({ ...e, id: newId(), website_id: websiteId, cart_id: cartId })))
        .execute();
      return token;
    });
  }
}
