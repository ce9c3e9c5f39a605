import { describe, expect, it } from 'vitest';
import { addressNetwork } from '../../src/http/rate-limit.js';
import { SCRYPT_COST, hashPassword, needsRehash, scryptLoad, verifyPassword } from '../../src/modules/admin/passwords.js';
import { QUICK_PASSWORD_COST } from '../helpers/passwords.js';
import { SITE_PASSWORD, SITE_PASSWORD_HASH } from './helpers.js';

describe('password hashes', () => {
  it('are made at N=2^17, r=8, p=1 (OWASP), and those made at the former N=2^15 still verify', async () => {
    expect(SCRYPT_COST).toEqual({ n: 131_072, r: 8, p: 1 });
    const hash = await hashPassword('a long password');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('a long password', hash)).toBe(true);
    // A lock screen's hash printed by an earlier `tessera password hash`.
    expect(SITE_PASSWORD_HASH.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword(SITE_PASSWORD, SITE_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword('not it', SITE_PASSWORD_HASH)).toBe(false);
  });

  it('tell an older, cheaper hash from a current or stronger one', async () => {
    expect(needsRehash(SITE_PASSWORD_HASH)).toBe(true);
    expect(needsRehash(await hashPassword('x', QUICK_PASSWORD_COST))).toBe(true);
    expect(needsRehash(await hashPassword('x', QUICK_PASSWORD_COST), QUICK_PASSWORD_COST)).toBe(false);
    expect(needsRehash(SITE_PASSWORD_HASH, QUICK_PASSWORD_COST)).toBe(false);
    expect(needsRehash('md5$abc')).toBe(true);
  });

  it('refuse a stored hash asking for more memory than a hash may take, or parameters scrypt does not have', async () => {
    const [, , , , salt, key] = SITE_PASSWORD_HASH.split('$');
    for (const params of ['2097152$8$1', '131072$32$1', '30000$8$1', '32768$0$1', '32768$8$0', 'x$8$1']) {
      expect(await verifyPassword(SITE_PASSWORD, `scrypt$${params}$${salt}$${key}`), params).toBe(false);
    }
    expect(await verifyPassword(SITE_PASSWORD, `${SITE_PASSWORD_HASH}$extra`)).toBe(false);
  });

  it('are computed two at a time: a burst of sign-ins waits its turn rather than taking 128 MiB each at once', async () => {
    const before = scryptLoad();
    expect(before).toEqual({ running: 0, waiting: 0 });
    const hashes = Array.from({ length: 5 }, (_, i) => hashPassword(`password ${i}`, QUICK_PASSWORD_COST));
    expect(scryptLoad()).toEqual({ running: 2, waiting: 3 });
    const done = await Promise.all(hashes);
    expect(new Set(done).size).toBe(5);
    expect(scryptLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('the address that rate limits count', () => {
  it('is an IPv4 address itself, and the /64 network of an IPv6 address', () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:0db8:0001:0002::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('2001:db8:1:3::1')).not.toBe(addressNetwork('2001:db8:1:2::1'));
    expect(addressNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
