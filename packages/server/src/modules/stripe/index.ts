import fp from 'fastify-plugin';
import { StripeClients } from './client.js';
import type { EventContext } from './events.js';
import { stripeOwnerRoutes } from './owner-routes.js';
import { StripeProvider } from './provider.js';
import { confirmationSync } from './sync.js';
import { webhookRoute } from './webhook.js';

/**
 * Payments through Stripe (docs/payments.md): the `stripe` provider beside offline and test (its
 * clients per site and mode, made with the site's secret key and pointed at TESSERA_STRIPE_API when
 * set), the webhook that tells a site what happened to its payments, the confirmation page's check of
 * a pending payment, and the owner's keys under /api/owner/payments/stripe.
 */
export default fp(
  async (app) => {
    const clients = new StripeClients(app.deps.config.stripeApi ?? '');
    const provider = new StripeProvider(app.deps.store, clients, (failure) => app.log.warn({ stripe: failure }, 'stripe: a call failed'));
    app.commerce.payments.add(provider);
    const ctx: EventContext = { app, provider };
    app.commerce.orderPageHooks.push(confirmationSync(ctx));
    await webhookRoute(app, ctx);
    await app.register(stripeOwnerRoutes);
  },
  { name: 'stripe', dependencies: ['site', 'admin', 'commerce', 'checkout'] },
);
