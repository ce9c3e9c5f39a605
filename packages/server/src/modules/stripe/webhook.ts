import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../errors.js';
import { handledBefore, handleEvent, type EventContext } from './events.js';
import { stripeSecretsOf } from './secrets.js';
import { WEBHOOK_PATH } from './settings.js';

/** Stripe's events are small; a larger body is not one of them. */
const BODY_LIMIT = 512 * 1024;

/** The event of a signed body, checked with each of the site's webhook secrets (test, live); null when none matches. */
function verified(body: Buffer, signature: string, secrets: readonly string[]): Stripe.Event | null {
  for (const secret of secrets) {
    try {
      // Stripe's own check: the HMAC of "timestamp.body" and a timestamp within 300 seconds of now.
      return Stripe.webhooks.constructEvent(body, signature, secret);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw new AppError('BAD_REQUEST');
    }
  }
  return null;
}

/**
 * `POST /api/commerce/webhooks/stripe` (docs/payments.md): Stripe's servers tell a site what
 * happened to its payments. The body is read raw (the signature is of its exact bytes), so this
 * route has its own content-type parser; it takes no crumb (`crumbExempt: 'signed'`: the signature
 * stands for it) and no session. An event applied once is recorded with its change (payment_events),
 * so a redelivery answers 200 and changes nothing.
 */
export async function webhookRoute(app: FastifyInstance, ctx: EventContext): Promise<void> {
  await app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scoped.post(
      WEBHOOK_PATH,
      { config: { crumbExempt: 'signed', openWhenLocked: true, changesPages: false }, bodyLimit: BODY_LIMIT },
      async (request, reply) => {
        const websiteId = request.site.website.id;
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw new AppError('STRIPE_SIGNATURE_INVALID');
        const secrets = (await stripeSecretsOf(app.deps.store.db, websiteId)).filter((s) => s.name === 'webhookSecret').map((s) => s.secret);
        const event = verified(body, signature, secrets);
        if (!event) throw new AppError('STRIPE_SIGNATURE_INVALID');
        reply.header('cache-control', 'no-store');
        if (await handledBefore(app.deps.store.db, websiteId, event.id)) return { received: true, handled: true, duplicate: true };
        const outcome = await handleEvent(ctx, websiteId, event);
        app.deps.mail?.kick();
        request.log.info({ stripeEvent: event.id, type: event.type, handled: outcome.handled }, 'stripe: webhook event');
        return { received: true, ...outcome };
      },
    );
  });
}
