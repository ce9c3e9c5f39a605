import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../../storage/dialect.js';
import { siteSecret } from '../../storage/site-secrets.js';
import { passwordFingerprint } from './settings.js';

/**
 * "The right password unlocks for the session": a signed cookie, `tessera_unlock`, holding one
 * entry per unlocked scope (`site`, or a collection id): `<scope>.<issued>.<mac>` joined by `~`. The
 * MAC is an HMAC of the scope, the time and the password's fingerprint with the site's
 * `site-passwords` secret, so a visitor cannot make one, and a new password ends the old unlocks.
 * A browser-session cookie (HttpOnly, SameSite=Lax), and 12 hours at most on the server's side.
 */
export const UNLOCK_COOKIE = 'tessera_unlock';
const UNLOCK_MAX_AGE_MS = 12 * 3_600_000;
const MAX_ENTRIES = 20;
const ENTRY = /^([A-Za-z0-9]{1,40})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export class Unlocks {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
  ) {}

  private async mac(websiteId: string, scope: string, issued: number, hash: string): Promise<string> {
    const secret = await siteSecret(this.store.db, websiteId, 'site-passwords', this.clock());
    return createHmac('sha256', secret)
      .update(`${scope}\u0000${issued}\u0000${passwordFingerprint(hash)}`)
      .digest('base64url');
  }

  private entries(request: FastifyRequest): { scope: string; issued: number; mac: string }[] {
    const raw = request.cookies[UNLOCK_COOKIE];
    if (!raw) return [];
    return raw
      .split('~')
      .slice(0, MAX_ENTRIES)
      .flatMap((e) => {
        const m = ENTRY.exec(e);
        return m ? [{ scope: m[1]!, issued: Number(m[2]), mac: m[3]! }] : [];
      });
  }

  /** Whether this browser unlocked the scope with the password whose hash is given. */
  async unlocked(request: FastifyRequest, websiteId: string, scope: string, hash: string): Promise<boolean> {
    const now = this.clock();
    for (const e of this.entries(request)) {
      if (e.scope !== scope || e.issued > now || now - e.issued > UNLOCK_MAX_AGE_MS) continue;
      const expected = Buffer.from(await this.mac(websiteId, scope, e.issued, hash));
      const given = Buffer.from(e.mac);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return false;
  }

  /** Adds the scope to the browser's unlocks (replacing an older entry of it). */
  async grant(request: FastifyRequest, reply: FastifyReply, websiteId: string, scope: string, hash: string): Promise<void> {
    const now = this.clock();
    const kept = this.entries(request)
      .filter((e) => e.scope !== scope && now - e.issued <= UNLOCK_MAX_AGE_MS)
      .slice(-(MAX_ENTRIES - 1));
    const entry = { scope, issued: now, mac: await this.mac(websiteId, scope, now, hash) };
    const value = [...kept, entry].map((e) => `${e.scope}.${e.issued}.${e.mac}`).join('~');
    reply.setCookie(UNLOCK_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
  }
}
