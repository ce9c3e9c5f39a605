import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import { updateWebsiteSettings } from '../site/index.js';
import { applyMarketingSettings, marketingErrors, marketingSettingsOf, type MarketingSettings } from './settings.js';

const PATH = '/api/owner/marketing';

const Body = Type.Object(
  {
    tagManagerId: Type.String({ maxLength: 100 }),
    pixelId: Type.String({ maxLength: 100 }),
    privacyUrl: Type.String({ maxLength: 500 }),
    cookieBannerEnabled: Type.Boolean(),
    restrictiveCookiePolicy: Type.Boolean(),
  },
  { additionalProperties: false },
);
const checkBody = checker(Body);

/**
 * The owner's marketing integrations and cookie choices (docs/owner-api.md "Marketing and cookies"):
 *   GET /api/owner/marketing  -> { tagManagerId, pixelId, privacyUrl, cookieBannerEnabled, restrictiveCookiePolicy }
 *   PUT /api/owner/marketing  the same five fields -> the same, as stored
 * A tag manager runs whatever scripts its container holds on every page, as a code block does: the
 * permission is the code blocks' (editCode: admins and website managers).
 */
export async function marketingRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;
  const config = { openWhenLocked: true, permission: 'editCode' } as const;

  app.get(PATH, { config }, async (request, reply) => reply.header('cache-control', 'no-store').send(marketingSettingsOf(request.site.settings)));

  app.put(PATH, { config, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const checked = checkBody(request.body);
    if (!checked.ok) throw new AppError('VALIDATION_FAILED', undefined, checked.errors);
    const body = checked.value;
    const next: MarketingSettings = {
      // Pasted ids often carry spaces; the container id's letters are capitals.
      tagManagerId: body.tagManagerId.trim().toUpperCase(),
      pixelId: body.pixelId.trim(),
      privacyUrl: body.privacyUrl.trim(),
      cookieBannerEnabled: body.cookieBannerEnabled,
      restrictiveCookiePolicy: body.restrictiveCookiePolicy,
    };
    const errors = marketingErrors(next);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    const websiteId = request.site.website.id;
    const saved = await updateWebsiteSettings(store, websiteId, (settings) => applyMarketingSettings(settings, next), clock());
    // This process sees the new settings from its next request; the others within SITE_CACHE_MS.
    app.renderer.snapshots.changed(websiteId);
    return reply.header('cache-control', 'no-store').send(marketingSettingsOf(saved));
  });
}
