import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { writeTransaction } from '../../storage/statement.js';
import { siteProviderIds } from '../commerce/index.js';
import { loadSnapshot } from '../site/index.js';
import { putStripeSecret, removeStripeSecret, stripeSecretsOf, type SecretName } from './secrets.js';
import { STRIPE, WEBHOOK_PATH, stripeSettingsOf, type StripeMode } from './settings.js';

const PATH = '/api/owner/payments/stripe';

/** A secret to set (a string), to remove (null or "") or to keep (absent). */
const Secret = Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 300 })]));

const SaveBody = Type.Object(
  { testSecretKey: Secret, liveSecretKey: Secret, testWebhookSecret: Secret, liveWebhookSecret: Secret },
  { additionalProperties: false },
);

type Field = keyof typeof SaveBody.static;

const FIELDS: readonly { field: Field; mode: StripeMode; name: SecretName; pattern: RegExp; message: string }[] = [
  {
    field: 'testSecretKey',
    mode: 'test',
    name: 'secretKey',
    pattern: /^(sk|rk)_test_[A-Za-z0-9]{8,250}$/,
    message: 'Enter a test secret key: it starts with sk_test_ or rk_test_.',
  },
  {
    field: 'liveSecretKey',
    mode: 'live',
    name: 'secretKey',
    pattern: /^(sk|rk)_live_[A-Za-z0-9]{8,250}$/,
    message: 'Enter a live secret key: it starts with sk_live_ or rk_live_.',
  },
  {
    field: 'testWebhookSecret',
    mode: 'test',
    name: 'webhookSecret',
    pattern: /^whsec_[A-Za-z0-9+/=]{8,250}$/,
    message: 'Enter a webhook signing secret: it starts with whsec_.',
  },
  {
    field: 'liveWebhookSecret',
    mode: 'live',
    name: 'webhookSecret',
    pattern: /^whsec_[A-Za-z0-9+/=]{8,250}$/,
    message: 'Enter a webhook signing secret: it starts with whsec_.',
  },
];

/** What a page may know of a secret: whether it is set and its last four characters, never more. */
const hint = (secret: string | undefined) => (secret ? `…${secret.slice(-4)}` : null);

/**
 * The owner's Stripe keys (docs/owner-api.md "Stripe"): the public settings are store settings
 * (`store.stripe`, saved with them); the secrets are write-only here. A GET answers whether each is
 * set and its last four characters; a PUT sets or removes them, recording who.
 */
export async function stripeOwnerRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const config = { openWhenLocked: true, permission: 'manageStoreSettings' } as const;

  const answer = async (websiteId: string, origin: string) => {
    const [s, secrets] = await Promise.all([loadSnapshot(store, websiteId), stripeSecretsOf(store.db, websiteId)]);
    const settings = stripeSettingsOf(s?.store ?? {});
    const find = (mode: StripeMode, name: SecretName) => secrets.find((x) => x.mode === mode && x.name === name)?.secret;
    return {
      testMode: settings.testMode,
      testPublishableKey: settings.testPublishableKey,
      livePublishableKey: settings.livePublishableKey,
      secretKeySet: { test: !!find('test', 'secretKey'), live: !!find('live', 'secretKey') },
      secretKeyHint: { test: hint(find('test', 'secretKey')), live: hint(find('live', 'secretKey')) },
      webhookSecretSet: { test: !!find('test', 'webhookSecret'), live: !!find('live', 'webhookSecret') },
      webhookSecretHint: { test: hint(find('test', 'webhookSecret')), live: hint(find('live', 'webhookSecret')) },
      webhookUrl: `${origin}${WEBHOOK_PATH}`,
    };
  };

  app.get(PATH, { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(request.site.website.id, root.renderer.originOf(request));
  });

  app.put(PATH, { config, schema: { body: SaveBody } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const body = request.body;
    const s = await loadSnapshot(store, websiteId);
    const offered = siteProviderIds(s?.store ?? {}).includes(STRIPE);
    const activeMode = stripeSettingsOf(s?.store ?? {}).mode;
    const errors: Record<string, string> = {};
    // The request's validation may turn a null into "" (Fastify coerces types): both remove.
    const given = (field: Field) => (body[field] === '' ? null : body[field]);
    for (const f of FIELDS) {
      const value = given(f.field);
      if (typeof value === 'string' && !f.pattern.test(value.trim())) errors[f.field] = f.message;
      // Checkout offers Stripe with this key: removing it would break every payment.
      if (value === null && f.name === 'secretKey' && offered && f.mode === activeMode) {
        errors[f.field] = 'Checkout offers Stripe with this key: take Stripe out of the payment providers first.';
      }
    }
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    const by = request.owner?.email ?? null;
    await writeTransaction(store, async (tx) => {
      const now = clock();
      for (const f of FIELDS) {
        const value = given(f.field);
        if (typeof value === 'string') await putStripeSecret(tx, websiteId, { mode: f.mode, name: f.name, secret: value.trim(), by, now });
        else if (value === null) await removeStripeSecret(tx, websiteId, f.mode, f.name);
      }
    });
    request.log.info({ websiteId, changed: FIELDS.filter((f) => body[f.field] !== undefined).map((f) => f.field), by }, 'stripe: keys changed');
    reply.header('cache-control', 'no-store');
    return answer(websiteId, root.renderer.originOf(request));
  });
}
