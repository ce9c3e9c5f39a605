import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import { merchandisingOf } from '../commerce/index.js';
import { readStoreSettings, saveStoreSettings } from '../store-settings/index.js';

const PATH = '/api/owner/reviews/settings';
const config = { openWhenLocked: true, permission: 'moderateReviews' } as const;

const SETTINGS_MESSAGES = Object.freeze({
  version: 'Send the version the settings were read with.',
  reviewsRequireApproval: 'Choose true or false.',
});

const checkSave = checker(
  Type.Object({ version: Type.String({ minLength: 1, maxLength: 100 }), reviewsRequireApproval: Type.Boolean() }, { additionalProperties: false }),
);

/**
 * Whether new reviews wait for approval: site.json `store.merchandising.reviewsRequireApproval`,
 * kept with the other store settings (so `tessera export` writes it and `tessera import` reads it)
 * and saved through their compare-and-set: a save made from settings that changed since (another
 * staff member, the store settings page, an import) answers 409 STORE_SETTINGS_CHANGED.
 */
export async function reviewSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;

  const answer = async (websiteId: string) => {
    const settings = await readStoreSettings(store.db, websiteId);
    const m = merchandisingOf(settings.store);
    return { version: settings.version, reviewsEnabled: m.reviewsEnabled === true, reviewsRequireApproval: m.reviewsRequireApproval === true };
  };

  app.get(PATH, { config }, async (request, reply) => reply.header('cache-control', 'no-store').send(await answer(request.site.website.id)));

  app.put(PATH, { config, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const body = checkSave(request.body ?? {});
    if (!body.ok) {
      const errors: Record<string, string> = {};
      for (const field of Object.keys(body.errors)) errors[field] = SETTINGS_MESSAGES[field as keyof typeof SETTINGS_MESSAGES] ?? 'This value is not valid.';
      throw new AppError('VALIDATION_FAILED', undefined, errors);
    }
    const current = await readStoreSettings(store.db, websiteId);
    if (current.version !== body.value.version) throw new AppError('STORE_SETTINGS_CHANGED');
    const next = { ...current.store, merchandising: { ...merchandisingOf(current.store), reviewsRequireApproval: body.value.reviewsRequireApproval } };
    const saved = await saveStoreSettings(store, websiteId, body.value.version, { currency: current.currency, store: next }, clock());
    if (!saved) throw new AppError('STORE_SETTINGS_CHANGED');
    // This process sees the new setting from its next request; the others within SITE_CACHE_MS.
    app.renderer.snapshots.changed(websiteId);
    return reply.header('cache-control', 'no-store').send(await answer(websiteId));
  });
}
