import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CURRENCIES, CURRENCY_CODES } from '@tessera/core';
import { AppError } from '../../errors.js';
import { isObject, Reader, type SiteIssue } from '../../site-dir/checker.js';
import { issuesAsFieldErrors, readCurrency, readStore } from '../../site-dir/store.js';
import type { JsonObject } from '../../site-dir/types.js';
import { couponUsesOf } from '../commerce/index.js';
import { providerChoices } from './providers.js';
import { readStoreSettings, saveStoreSettings, stripeSecretKeysOf } from './settings-store.js';

const PATH = '/api/owner/store-settings';
/** Room for a shop with a few thousand coupons. */
const BODY_LIMIT = 1024 * 1024;

const SaveBody = Type.Object({
  /** The `version` the GET answered: a save made from older settings is refused. */
  version: Type.String({ minLength: 1, maxLength: 100 }),
  currency: Type.Optional(Type.String({ maxLength: 10 })),
  /** Checked below, field by field, with the importer's checks and messages. */
  store: Type.Unknown(),
});

/** The spec's 27 currencies, with what a price input needs of each. */
const CURRENCY_CHOICES = CURRENCY_CODES.map((code) => ({ code, name: CURRENCIES[code].name, fractionDigits: CURRENCIES[code].fractionDigits }));

/**
 * The owner's store settings (docs/owner-api.md "Store settings"): site.json's `currency` and
 * `store`, read and saved whole, checked as `tessera import` checks them.
 */
export async function storeSettingsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const knownProviders = root.commerce.payments.ids();

  const answer = async (websiteId: string) => {
    const [settings, couponUses] = await Promise.all([readStoreSettings(store.db, websiteId), couponUsesOf(store.db, websiteId)]);
    return { ...settings, currencies: CURRENCY_CHOICES, paymentProviders: providerChoices(knownProviders), couponUses };
  };

  // The owner's API answers on a locked site: the sign-in and the permission guard it there too.
  const config = { openWhenLocked: true, permission: 'manageStoreSettings' } as const;

  app.get(PATH, { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(request.site.website.id);
  });

  app.put(PATH, { config, bodyLimit: BODY_LIMIT, schema: { body: SaveBody } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const body = request.body;
    const current = await readStoreSettings(store.db, websiteId);
    const issues: SiteIssue[] = [];
    const next = { currency: body.currency ?? current.currency, store: body.store };
    const r = new Reader(issues, 'site.json', '', next as JsonObject);
    const currency = readCurrency(r);
    if (!isObject(body.store)) r.fail('store', 'must be an object');
    else readStore(r, { knownProviders, stripeSecretKeys: await stripeSecretKeysOf(store.db, websiteId) });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, issuesAsFieldErrors(issues));
    const saved = await saveStoreSettings(store, websiteId, body.version, { currency, store: body.store as JsonObject }, clock());
    if (!saved) throw new AppError('STORE_SETTINGS_CHANGED');
    // This process sees the new settings from its next request; the others within SITE_CACHE_MS.
    root.renderer.snapshots.changed(websiteId);
    reply.header('cache-control', 'no-store');
    return answer(websiteId);
  });
}
