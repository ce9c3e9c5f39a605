import fp from 'fastify-plugin';
import { confirmedMethodKeeper } from './keep.js';
import { subscriptionPages } from './pages.js';
import { renewDue, renewOne } from './renew.js';
import { subscriptionRoutes } from './routes.js';
import { RENEWAL_SWEEP_MS } from './schedule.js';
import './mails.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Subscription renewals, for the tests and the job: `renewDue()` is the job's work, now. */
    subscriptions: {
      renewDue(): ReturnType<typeof renewDue>;
      renewOne(websiteId: string, subscriptionId: string): ReturnType<typeof renewOne>;
    };
  }
}

/**
 * Subscriptions after their first order (docs/commerce-api.md "Subscription renewals"): the
 * `subscription-renewals` job makes each due cycle's order and charges the kept payment method,
 * retries a failed one, ends what cannot be paid; the customer's signed page (cancel, update the
 * payment method) and the owner's pause, resume and cancel.
 */
export default fp(
  async (app) => {
    const deps = app.commerce;
    app.decorate('subscriptions', {
      renewDue: () => renewDue(deps),
      renewOne: (websiteId: string, subscriptionId: string) => renewOne(deps, websiteId, subscriptionId),
    });
    // A provider's webhook (modules/stripe) keeps a method confirmed in the browser through this.
    deps.keepConfirmedMethod = confirmedMethodKeeper(deps);
    await subscriptionRoutes(app, deps);
    subscriptionPages(app, deps);
    app.jobs.every('subscription-renewals', RENEWAL_SWEEP_MS, async () => {
      const { paid, failed } = await renewDue(deps);
      if (paid + failed > 0) app.log.info({ paid, failed }, 'subscriptions: renewed the due subscriptions');
    });
  },
  { name: 'subscriptions', dependencies: ['commerce', 'checkout', 'inventory', 'members', 'commerce-mail'] },
);
