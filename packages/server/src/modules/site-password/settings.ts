import { createHash } from 'node:crypto';
import { isObject } from '../../site-dir/checker.js';
import type { CollectionRow } from '../../storage/content.js';
import type { SiteSnapshot } from '../site/index.js';

/** A scrypt hash as modules/admin/passwords.ts writes it (`tessera password hash` prints one). */
const PASSWORD_HASH = /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/;

export interface LockScreen {
  passwordHash: string;
  title: string | null;
  message: string | null;
}

/**
 * The site-wide lock screen (page type 103): site.json `settings.lockScreen` = `{ "enabled": true,
 * "passwordHash": "scrypt$...", "title": "...", "message": "..." }`. Off unless enabled with a hash.
 */
export function lockScreenOf(s: SiteSnapshot): LockScreen | null {
  const raw = s.settings.lockScreen;
  if (!isObject(raw) || raw.enabled !== true || typeof raw.passwordHash !== 'string' || !PASSWORD_HASH.test(raw.passwordHash)) return null;
  return {
    passwordHash: raw.passwordHash,
    title: typeof raw.title === 'string' && raw.title !== '' ? raw.title : null,
    message: typeof raw.message === 'string' && raw.message !== '' ? raw.message : null,
  };
}

/** A password-protected collection (page type 105): `"passwordHash": "scrypt$..."` in its file. */
export function collectionPasswordHash(c: CollectionRow): string | null {
  const hash = (JSON.parse(c.data) as { passwordHash?: unknown }).passwordHash;
  return typeof hash === 'string' && PASSWORD_HASH.test(hash) ? hash : null;
}

/** What an unlock is bound to: changing the password ends every unlock made with the old one. */
export function passwordFingerprint(hash: string): string {
  return createHash('sha256').update(hash).digest('base64url').slice(0, 16);
}
