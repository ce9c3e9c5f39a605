import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import type { SiteRenderer } from '../site/renderer.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import type { PaymentProviders } from '../checkout/payments.js';
import type { Signer } from './signing.js';

/** What the commerce modules share, made once in app.ts and given to each plugin. */
export interface CommerceDeps {
  store: Store;
  renderer: SiteRenderer;
  /** The time, injectable: download links expire and subscriptions bill by it (tests move it). */
  clock: () => number;
  signer: Signer;
  limiter: RateLimiter;
  payments: PaymentProviders;
  /** Cart writes per visitor (the crumb: the spec's session id) and per client address. */
  cartWriteLimits: { perVisitor: RateLimit; perAddress: RateLimit };
}

export const DEFAULT_CART_WRITE_LIMITS: CommerceDeps['cartWriteLimits'] = {
  perVisitor: { name: 'cart-write:visitor', limit: 120, windowMs: 60_000 },
  perAddress: { name: 'cart-write:address', limit: 1200, windowMs: 60_000 },
};

/** The site an API request is for (by Host, as pages are); 404 when the store holds no site. */
export async function siteOf(deps: CommerceDeps, request: FastifyRequest): Promise<SiteSnapshot> {
  const snapshot = await deps.renderer.snapshotFor(request);
  if (!snapshot) throw new AppError('NOT_FOUND');
  return snapshot;
}
