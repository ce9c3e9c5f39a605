import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Payload as AltchaPayload } from 'altcha-lib/types';
import type { Kysely, Transaction } from 'kysely';
import { systemClock, type Clock } from '../clock.js';
import type { Database } from '../storage/schema.js';
import { existingSiteSecret, siteSecret } from '../storage/site-secrets.js';
import type { CaptchaProvider, CaptchaSite, CaptchaVerdict } from './provider.js';

export interface AltchaOptions {
  /** How long a challenge may be solved and used, in milliseconds. */
  readonly challengeTtlMs?: number;
  /** The proof-of-work difficulty: the solver tries numbers up to this one (about half on average). */
  readonly maxNumber?: number;
}

const ALTCHA_DEFAULTS = Object.freeze({ challengeTtlMs: 10 * 60_000, maxNumber: 100_000 });

const SECRET_NAME = 'captcha-hmac';
const ALGORITHM = 'SHA-256';

type Payload = AltchaPayload;

function decode(token: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload>;
    const ok =
      typeof p === 'object' &&
      p !== null &&
      typeof p.algorithm === 'string' &&
      typeof p.challenge === 'string' &&
      typeof p.salt === 'string' &&
      typeof p.signature === 'string' &&
      Number.isSafeInteger(p.number) &&
      p.number! >= 0;
    return ok ? (p as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * ALTCHA, self-hosted: the server signs a proof-of-work challenge with the site's HMAC key (kept
 * in the store, so any server process verifies what another signed), the visitor's browser finds
 * the number, and the server checks the signature, the expiry and that the solution was not used
 * before (the `captcha_solutions` replay store). No third party, no cookies.
 */
export class AltchaProvider implements CaptchaProvider {
  readonly name = 'altcha';
  private readonly ttlMs: number;
  private readonly maxNumber: number;
  private challenges = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
    options: AltchaOptions = {},
  ) {
    this.ttlMs = options.challengeTtlMs ?? ALTCHA_DEFAULTS.challengeTtlMs;
    this.maxNumber = options.maxNumber ?? ALTCHA_DEFAULTS.maxNumber;
  }

  async challenge(site: CaptchaSite): Promise<object> {
    const now = this.clock();
    const hmacKey = await siteSecret(this.db, site.websiteId, SECRET_NAME, now);
    const configured = Number(site.settings.maxNumber);
    const maxNumber = Number.isInteger(configured) && configured >= 1_000 && configured <= 10_000_000 ? configured : this.maxNumber;
    if (++this.challenges % 200 === 0) {
      await this.db.deleteFrom('captcha_solutions').where('expires_on', '<', now).execute();
    }
    return createChallenge({ algorithm: ALGORITHM, hmacKey, maxNumber, expires: new Date(now + this.ttlMs) });
  }

  async verify(site: CaptchaSite, token: string, db: Kysely<Database> | Transaction<Database>): Promise<CaptchaVerdict> {
    if (token === '') return { ok: false, reason: 'missing' };
    const payload = decode(token);
    if (!payload || payload.algorithm !== ALGORITHM) return { ok: false, reason: 'invalid' };
    const expires = Number(extractParams(payload).expires) * 1000;
    // Every challenge this server signs carries its expiry; one without is not ours.
    if (!Number.isFinite(expires) || expires <= 0) return { ok: false, reason: 'invalid' };
    const hmacKey = await existingSiteSecret(db, site.websiteId, SECRET_NAME, this.clock());
    if (!hmacKey || !(await verifySolution(payload, hmacKey, false))) return { ok: false, reason: 'invalid' };
    if (expires < this.clock()) return { ok: false, reason: 'expired' };
    const inserted = await db
      .insertInto('captcha_solutions')
      .values({ website_id: site.websiteId, challenge: payload.challenge, expires_on: expires })
      .onConflict((oc) => oc.columns(['website_id', 'challenge']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? { ok: true } : { ok: false, reason: 'replayed' };
  }
}
