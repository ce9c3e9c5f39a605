import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Store } from '../../storage/dialect.js';
import { commerceMailHook } from '../commerce-mail/order-mail.js';
import { commerceMailPlugin } from '../commerce-mail/index.js';
import type { CommerceDeps } from '../commerce/deps.js';
import { MailingList } from '../newsletter/mailing-list.js';
import { reviewsPlugin } from '../reviews/index.js';
import type { ReviewLimits } from '../reviews/limits.js';
import { reviewRequestHook } from '../reviews/request.js';
import type { SiteRenderer } from '../site/renderer.js';
import { loadSnapshot } from '../site/snapshot.js';
import { restockPlugin } from './index.js';
import { inventoryOwnerPlugin } from './inventory.js';
import { DEFAULT_SWEEP_MS, type RestockLimits } from './limits.js';
import { RestockSender } from './sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The restock sender: `sweep()` sends what came back into stock on sites with restockAutoSend. */
    restock: RestockSender;
  }
}

/** What an app's builder (a test) may change about restock notifications and reviews. */
export interface MerchandisingSetup {
  readonly restockLimits?: Partial<RestockLimits>;
  readonly reviewLimits?: Partial<ReviewLimits>;
  /** Groups and signups per page of the owner's lists (default 50). */
  readonly pageSize?: number;
  /** How often the automatic restock sender looks, on the job runner (default a minute; 0: only when kicked). */
  readonly restockSweepMs?: number;
  /** Signups mailed per transaction (default 200). */
  readonly restockBatch?: number;
}

/**
 * Restock notifications, product reviews and the commerce mails, on top of
 * the commerce modules: the review request and the gift card, download and subscription mails are
 * written in the transaction in which an order becomes paid (CommerceDeps.orderPaidHooks).
 */
export async function registerMerchandising(
  app: FastifyInstance,
  deps: { store: Store; renderer: SiteRenderer; config: Config; clock: Clock; commerce: CommerceDeps },
  setup: MerchandisingSetup = {},
): Promise<RestockSender> {
  const { store, renderer, config, clock, commerce } = deps;
  const sender = new RestockSender({
    store, mail: app.mail, clock, mailFrom: config.mailFrom, log: app.log, loadSite: (websiteId) => loadSnapshot(store, websiteId),
  }, setup.restockBatch);
  const mailingList = new MailingList(store.db, app.mail, clock);
  const sites = renderer;
  app.decorate('restock', sender);

  await app.register(restockPlugin, {
    store, sites, mailingList, sender, clock, mailFrom: config.mailFrom, storefrontDist: config.storefrontDist,
    limits: setup.restockLimits, pageSize: setup.pageSize,
  });
  await app.register(inventoryOwnerPlugin, { store, sites, sender, clock });
  await app.register(reviewsPlugin, { store, renderer, signer: commerce.signer, clock, limits: setup.reviewLimits });
  await app.register(commerceMailPlugin, { store, renderer, clock, mailFrom: config.mailFrom });

  commerce.orderPaidHooks.push(
    reviewRequestHook({ mail: app.mail, signer: commerce.signer, mailFrom: config.mailFrom }),
    commerceMailHook({ mail: app.mail, mailFrom: config.mailFrom }),
  );

  // The periodic sweep is a job (due at start, then every sweepMs, in one process at a time); a stock
  // change through the owner's inventory call kicks a sweep at once besides.
  const sweepMs = setup.restockSweepMs ?? DEFAULT_SWEEP_MS;
  if (sweepMs > 0) app.jobs.every('restock-sweep', sweepMs, () => sender.sweep());
  app.addHook('onClose', async () => sender.stop());
  return sender;
}
