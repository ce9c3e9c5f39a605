import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { JsonObject } from '../site-dir/types.js';
import type { CaptchaProvider, CaptchaSite } from './provider.js';

export type { CaptchaProvider, CaptchaSite } from './provider.js';
export { AltchaProvider, type AltchaOptions } from './altcha.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The captcha providers by name; a site picks one with settings.captcha.provider. Decorated once at the root. */
    captcha: Captcha;
  }
}

const DEFAULT_CAPTCHA_PROVIDER = 'altcha';
/** Where the browser widget fetches a challenge (the site context carries it as captchaChallengeUrl). */
export const CHALLENGE_PATH = '/api/captcha/challenge';

export class Captcha {
  private readonly providers: Map<string, CaptchaProvider>;

  constructor(providers: readonly CaptchaProvider[]) {
    this.providers = new Map(providers.map((p) => [p.name, p]));
  }

  /** A site's captcha settings (site.json settings.captcha). */
  static settingsOf(settings: JsonObject): JsonObject {
    const c = settings.captcha;
    return c && typeof c === 'object' && !Array.isArray(c) ? (c as JsonObject) : {};
  }

  static providerName(settings: JsonObject): string {
    const name = Captcha.settingsOf(settings).provider;
    return typeof name === 'string' && name !== '' ? name : DEFAULT_CAPTCHA_PROVIDER;
  }

  /** The site's provider. A name no provider answers to is the owner's configuration error, not the visitor's. */
  forSite(websiteId: string, settings: JsonObject): { provider: CaptchaProvider; site: CaptchaSite } {
    const name = Captcha.providerName(settings);
    const provider = this.providers.get(name);
    if (!provider) throw new Error(`captcha provider "${name}" is not configured on this server`);
    return { provider, site: { websiteId, settings: Captcha.settingsOf(settings) } };
  }
}

export interface CaptchaRoutesOptions {
  sites: { snapshotFor(request: FastifyRequest): Promise<{ website: { id: string }; settings: JsonObject } | undefined> };
}

/** `GET /api/captcha/challenge`: a fresh challenge for the site's widget; never cached. */
export async function captchaRoutes(app: FastifyInstance, opts: CaptchaRoutesOptions): Promise<void> {
  app.get(CHALLENGE_PATH, async (request, reply) => {
    const snapshot = await opts.sites.snapshotFor(request);
    if (!snapshot) throw new AppError('NOT_FOUND');
    const { provider, site } = app.captcha.forSite(snapshot.website.id, snapshot.settings);
    const challenge = await provider.challenge(site);
    if (!challenge) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'no-store').send(challenge);
  });
}
