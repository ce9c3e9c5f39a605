import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';

/** The site a captcha works for. */
export interface CaptchaSite {
  readonly websiteId: string;
  /** The site's `settings.captcha` object as written in site.json. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/** Why a token was refused; `ok` when accepted. */
export type CaptchaVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: 'missing' | 'invalid' | 'expired' | 'replayed' };

/**
 * A captcha provider: the server half of a widget. ALTCHA (altcha.ts) is the default and runs
 * entirely on this server; another provider (a hosted service) implements the same two calls and
 * is registered by name (AppOptions.captchaProviders), then chosen per site with
 * `settings.captcha.provider`.
 */
export interface CaptchaProvider {
  readonly name: string;
  /**
   * What the browser widget needs to show one challenge (`GET /api/captcha/challenge` answers it),
   * or null when the provider's widget needs none from this server.
   */
  challenge(site: CaptchaSite): Promise<object | null>;
  /**
   * Checks a token the widget produced. `db` is the transaction of the work the captcha guards:
   * a provider that remembers used tokens writes there, so a refused submission does not use up
   * the visitor's solution, and an accepted one uses it up exactly once.
   */
  verify(site: CaptchaSite, token: string, db: Kysely<Database> | Transaction<Database>): Promise<CaptchaVerdict>;
}
