import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SESSION_IDLE_MS } from '../../src/modules/admin/owners.js';
import { hashPassword, type ScryptCost } from '../../src/modules/admin/passwords.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { TestClock } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { ownerSessionActivity } from '../../src/storage/migrations/0008-owner-session-activity.js';
import { columnTypes } from '../../src/storage/migrations/types.js';
import { CRUMB, websiteId } from './helpers.js';

const EMAIL = 'owner@shop.test';
const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;

interface OwnerSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  websiteId: string;
  close(): Promise<void>;
}

/** The fixture shop with a clock the tests move, and its owner. */
async function ownerSite(dialect: Dialect, passwordCost?: ScryptCost): Promise<OwnerSite> {
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  const clock = new TestClock();
  clock.now = Date.now();
  const app = await buildApp(testConfig(), { store, clock: clock.fn, ...(passwordCost ? { passwordCost } : {}) });
  await app.ready();
  const id = await websiteId(store);
  return {
    app,
    store,
    clock,
    websiteId: id,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

function signIn(app: FastifyInstance, opts: { ip?: string; password?: string; session?: string; email?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/owner/session',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'content-type': 'application/json', cookie: `crumb=${CRUMB}${opts.session ? `; tessera_owner=${opts.session}` : ''}`, 'x-csrf-token': CRUMB },
    payload: JSON.stringify({ email: opts.email ?? EMAIL, password: opts.password ?? PASSWORD }),
  });
}

const ownerCookie = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'tessera_owner')!.value;
const whoAmI = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/owner/session', headers: { cookie: `crumb=${CRUMB}; tessera_owner=${token}` } });
const sessionRow = (store: Store, token: string) =>
  store.db.selectFrom('owner_sessions').selectAll().where('id', '=', createHash('sha256').update(token).digest('hex')).executeTakeFirst();

describe.each(DIALECTS)('the owner sign-in on %s', (dialect) => {
  let site: OwnerSite;
  beforeAll(async () => {
    site = await ownerSite(dialect, QUICK_PASSWORD_COST);
    await createTestOwner(site.store.db, site.websiteId, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lets the owner sign in from another address while a stranger who guessed wrong 11 times stays refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(site.app, { ip: '203.0.113.7', password: `wrong password ${i}` })).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    const owner = await signIn(site.app, { ip: '198.51.100.9' });
    expect(owner.statusCode).toBe(200);
    expect((await whoAmI(site.app, ownerCookie(owner))).json()).toEqual({ email: EMAIL, websiteRoles: [1] });
    const stranger = await signIn(site.app, { ip: '203.0.113.7' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('RATE_LIMITED');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bounds a guesser spread over many addresses with a ceiling per email (100 in 15 minutes)', async () => {
    site.clock.advance(15 * 60_000);
    for (let n = 0; n < 10; n++) {
      for (let i = 0; i < 11; i++) await signIn(site.app, { ip: `10.8.${n}.1`, password: 'wrong password' });
    }
    expect((await signIn(site.app, { ip: '10.8.10.1' })).statusCode).toBe(429);
    site.clock.advance(15 * 60_000);
    expect((await signIn(site.app, { ip: '10.8.10.1' })).statusCode).toBe(200);
  });

  it('ends a session left idle for 12 hours, keeps one in use alive until its 14 days are over', async () => {
    const idle = ownerCookie(await signIn(site.app));
    const active = ownerCookie(await signIn(site.app));
    expect(SESSION_IDLE_MS).toBe(12 * HOUR);
    site.clock.advance(11 * HOUR);
    expect((await whoAmI(site.app, active)).statusCode).toBe(200);
    site.clock.advance(HOUR);
    // Twelve hours without a request: refused, as a signed-out owner is.
    const refused = await whoAmI(site.app, idle);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('OWNER_SIGN_IN_REQUIRED');
    expect((await site.app.inject({ method: 'GET', url: '/api/owner/analytics', headers: { cookie: `tessera_owner=${idle}` } })).statusCode).toBe(401);
    expect((await whoAmI(site.app, active)).statusCode).toBe(200);
    // Used every 11 hours, a session lives on, up to its fixed lifetime of 14 days.
    for (let elapsed = 12 * HOUR; elapsed + 11 * HOUR < 14 * 24 * HOUR; elapsed += 11 * HOUR) {
      site.clock.advance(11 * HOUR);
      expect((await whoAmI(site.app, active)).statusCode).toBe(200);
    }
    site.clock.advance(11 * HOUR);
    expect((await whoAmI(site.app, active)).statusCode).toBe(401);
  });

  it("records a session's use once a minute at most, not at every request", async () => {
    const token = ownerCookie(await signIn(site.app));
    const signedInAt = site.clock.now;
    site.clock.advance(30_000);
    expect((await whoAmI(site.app, token)).statusCode).toBe(200);
    expect(Number((await sessionRow(site.store, token))!.last_seen_on)).toBe(signedInAt);
    site.clock.advance(30_000);
    expect((await whoAmI(site.app, token)).statusCode).toBe(200);
    expect(Number((await sessionRow(site.store, token))!.last_seen_on)).toBe(site.clock.now);
  });

  it('gives a new session at every sign-in and ends the one the browser already had', async () => {
    const first = ownerCookie(await signIn(site.app));
    expect(await sessionRow(site.store, first)).toBeDefined();
    const again = await signIn(site.app, { session: first });
    expect(again.statusCode).toBe(200);
    const second = ownerCookie(again);
    expect(second).not.toBe(first);
    expect(await sessionRow(site.store, first)).toBeUndefined();
    expect((await whoAmI(site.app, first)).statusCode).toBe(401);
    expect((await whoAmI(site.app, second)).statusCode).toBe(200);
    // A wrong password leaves the browser's session as it was.
    expect((await signIn(site.app, { session: second, password: 'not the password' })).statusCode).toBe(401);
    expect((await whoAmI(site.app, second)).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('owner password hashes on %s', (dialect) => {
  let site: OwnerSite;
  beforeAll(async () => {
    // Production's cost (SCRYPT_COST): the upgrade is to it.
    site = await ownerSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('replace an older, cheaper hash at the next sign-in with the right password, never with a wrong one', async () => {
    const older = await hashPassword(PASSWORD, { n: 2 ** 15, r: 8, p: 1 });
    await site.store.db
      .insertInto('owner_accounts')
      .values({
        id: 'o'.repeat(24),
        website_id: site.websiteId,
        email: EMAIL,
        password_hash: older,
        website_role: 1,
        created_on: site.clock.now,
      })
      .execute();
    const stored = async () =>
      (await site.store.db.selectFrom('owner_accounts').select('password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow()).password_hash;
    expect((await signIn(site.app, { password: 'not the password' })).statusCode).toBe(401);
    expect(await stored()).toBe(older);
    expect((await signIn(site.app)).statusCode).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect((await signIn(site.app)).statusCode).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});

describe.each(DIALECTS)('migration 0008 on %s', (dialect) => {
  it('counts the sessions open when it runs as seen at their start, so an upgrade signs no owner out', async () => {
    const store = await freshStore(dialect);
    try {
      await importSite(store, FIXTURE_SITE);
      const id = await websiteId(store);
      const accountId = await createTestOwner(store.db, id, EMAIL, PASSWORD);
      const migration = ownerSessionActivity(columnTypes(dialect));
      // The table as it was before the migration, holding an open session.
      await migration.down(store.db);
      const startedOn = Date.now() - HOUR;
      await store.db
        .insertInto('owner_sessions' as never)
        .values({
          id: 's'.repeat(64),
          website_id: id,
          account_id: accountId,
          created_on: startedOn,
          expires_on: startedOn + 14 * 24 * HOUR,
        } as never)
        .execute();
      await migration.up(store.db);
      const row = await store.db.selectFrom('owner_sessions').selectAll().where('id', '=', 's'.repeat(64)).executeTakeFirstOrThrow();
      expect(Number(row.last_seen_on)).toBe(startedOn);
    } finally {
      await store.close();
    }
  });
});
