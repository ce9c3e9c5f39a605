// Client-stored data that may carry an expiry and is removed once expired (platform.md
// section 4). The value and its expiry (epoch ms) live under two keys, as the spec's
// SS_ANALYTICS_ID / SS_ANALYTICS_EXPIRATION pair does. Storage access may throw (blocked
// storage, private modes): callers decide what that means.

export function readExpiring(storage: Storage, key: string, expiryKey: string, now = Date.now()): string | null {
  const expires = storage.getItem(expiryKey);
  if (expires !== null && !(Number(expires) > now)) {
    storage.removeItem(key);
    storage.removeItem(expiryKey);
    return null;
  }
  return storage.getItem(key);
}

export function writeExpiring(storage: Storage, key: string, value: string, expiryKey: string, expiresAt: number): void {
  storage.setItem(key, value);
  storage.setItem(expiryKey, String(expiresAt));
}
