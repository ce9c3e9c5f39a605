import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { DEFAULT_SWEEP_MS, type RestockLimits } from './limits.js';
import { restockPlugin } from './plugin.js';
import { RestockSender } from './sender.js';
import { restockSettings } from './settings.js';
import { inStock } from './store.js';
import { loadSnapshot } from '../site/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The restock sender: `sweep()` sends what came back into stock on sites with restockAutoSend. */
    restock: RestockSender;
  }
}

/** What an app's builder (a test) may change about restock notifications. */
export interface RestockSetup {
  readonly restockLimits?: Partial<RestockLimits>;
  /** Groups and signups per page of the owner's lists (default 50). */
  readonly pageSize?: number;
  /** How often the automatic restock sender looks, on the job runner (default a minute; 0: only when kicked). */
  readonly restockSweepMs?: number;
  /** Signups mailed per transaction (default 200). */
  readonly restockBatch?: number;
}

/** Restock notifications: visitors' signups, the owner's lists and sends, and the automatic sender. */
export default fp<RestockSetup>(
  async (app, setup) => {
    const { store, clock, mail, config } = app.deps;
    const sender = new RestockSender(
      {
        store,
        mail,
        clock,
        mailFrom: config.mailFrom,
        log: app.log,
        loadSite: (websiteId) => loadSnapshot(store, websiteId),
      },
      setup.restockBatch,
    );
    app.decorate('restock', sender);
    await app.register(restockPlugin, {
      store,
      sites: app.renderer,
      mailingList: app.mailingList,
      sender,
      clock,
      mailFrom: config.mailFrom,
      limits: setup.restockLimits,
      pageSize: setup.pageSize,
    });
    // The owner set a variant's stock: when it is back and the site sends automatically, its
    // waiting signups are mailed at once and the answer says how many.
    app.inventory.stockSetHooks.push(async (s, change) => {
      if (!inStock({ productType: change.productType, unlimited: false, stock: change.stock }) || !restockSettings(s).autoSend) return undefined;
      try {
        return { restockNotificationsSent: (await sender.send(s, change.itemId, change.variantId)).sent };
      } catch (error) {
        // Sold out again before the notices went (a checkout took the stock): nothing to send.
        if (!(error instanceof AppError) || error.code !== 'RESTOCK_OUT_OF_STOCK') throw error;
        return { restockNotificationsSent: 0 };
      }
    });
    // The periodic sweep is a job (due at start, then every sweepMs, in one process at a time); a stock
    // change through the owner's inventory call kicks a sweep at once besides.
    const sweepMs = setup.restockSweepMs ?? DEFAULT_SWEEP_MS;
    if (sweepMs > 0) app.jobs.every('restock-sweep', sweepMs, () => sender.sweep());
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'restock', dependencies: ['commerce', 'newsletter', 'inventory'] },
);
