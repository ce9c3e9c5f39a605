import type { FastifyRequest } from 'fastify';
import type { Mailer } from '../../mail/index.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import type { SiteRenderer } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import type { PaymentProviders, SavedMethod } from './payments.js';
import type { Signer } from './signing.js';
import type { Executor } from '../../storage/statement.js';
import type { OrderView } from './order-view.js';

/**
 * Told inside the transaction in which an order becomes paid (at checkout, or later when a pending
 * order's payment arrives: markOrderPaid), once per order, after its gift cards and download links
 * are made: other modules write their own mail (review request, gift card codes, ...) to the outbox
 * and grant what was bought there, so it exists exactly when the payment does. An order whose
 * payment is pending, or that is canceled unpaid, never reaches them. `baseUrl` is the site's
 * address for absolute links.
 */
export type OrderPaidHook = (tx: Executor, paid: { site: SiteSnapshot; order: OrderView; baseUrl: string; now: number }) => Promise<void>;

/**
 * Told inside the transaction that finishes a placed order (checkout's step 4), once per order,
 * whether its payment went through or is pending; never for a declined one. The owner's orders
 * module mails the staff about the new order there, so the mail exists exactly when the order does.
 */
export type OrderPlacedHook = (tx: Executor, placed: { site: SiteSnapshot; order: OrderView; baseUrl: string; now: number }) => Promise<void>;

/**
 * Told before an order's confirmation or status page is rendered (outside any transaction): a
 * payment provider whose outcome arrives by webhook asks it there too, so a shopper back from
 * paying sees the order paid even when the webhook is late (modules/stripe).
 */
export type OrderPageHook = (site: SiteSnapshot, orderId: string) => Promise<void>;

/**
 * Keeps a payment method a provider confirmed later (a Stripe SetupIntent finished in the browser)
 * on a subscription, once per `reference` however many times it is told (its webhook, the page's
 * confirm call): answers whether this call kept it and the renewal it retried at once (a past-due
 * subscription). Set by modules/subscriptions; null without it.
 */
export type KeepConfirmedMethod = (
  websiteId: string,
  subscriptionId: string,
  method: SavedMethod,
  reference: string,
) => Promise<{ kept: boolean; renewal: 'paid' | 'failed' | 'skipped' | null }>;

/** What the commerce modules share, made once in app.ts and given to each plugin. */
export interface CommerceDeps {
  store: Store;
  renderer: SiteRenderer;
  /** The time, injectable: download links expire and subscriptions bill by it (tests move it). */
  clock: () => number;
  signer: Signer;
  limiter: RateLimiter;
  payments: PaymentProviders;
  /** The buyer's order mail goes through it (written to the outbox with the order); null without mail. */
  mail: Mailer | null;
  /** The server's default From (MAIL_FROM); links in mail come from `baseUrlOf`. */
  mailFrom: string;
  /** Cart writes per visitor (the crumb: the spec's session id) and per client address. */
  cartWriteLimits: { perVisitor: RateLimit; perAddress: RateLimit };
  /** Modules that act on every paid order (modules/reviews, modules/commerce-mail, modules/members) add theirs here. */
  orderPaidHooks: OrderPaidHook[];
  /** Modules that act on every order placed (modules/order-admin: the new-order mail to the staff) add theirs here. */
  orderPlacedHooks: OrderPlacedHook[];
  /** Modules that bring an order up to date before its pages show it (modules/stripe: the payment's state) add theirs here. */
  orderPageHooks: OrderPageHook[];
  /** modules/subscriptions keeps a provider's later-confirmed method with it (modules/stripe's webhook calls it). */
  keepConfirmedMethod: KeepConfirmedMethod | null;
}

export const DEFAULT_CART_WRITE_LIMITS: CommerceDeps['cartWriteLimits'] = {
  perVisitor: { name: 'cart-write:visitor', limit: 120, windowMs: 60_000 },
  perAddress: { name: 'cart-write:address', limit: 1200, windowMs: 60_000 },
};

/** The site's configured origin, for the links in mail (http/origin.ts): never an unlisted Host. Call after `siteOf`. */
export function baseUrlOf(deps: CommerceDeps, request: FastifyRequest): string {
  return deps.renderer.originOf(request);
}
