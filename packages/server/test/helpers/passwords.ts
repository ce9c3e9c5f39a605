import type { Kysely } from 'kysely';
import { WebsiteRole } from '@tessera/core/enums';
import { createOwner } from '../../src/modules/admin/owners.js';
import type { ScryptCost } from '../../src/modules/admin/passwords.js';
import type { Database } from '../../src/storage/schema.js';

/**
 * A cheap scrypt cost for suites that create and sign in many accounts: production's (2^17, some
 * 0.3 s and 128 MiB a hash) would make them minutes long. Apps built for tests take it as
 * `passwordCost`; the tests of the cost itself use the default.
 */
export const QUICK_PASSWORD_COST: ScryptCost = Object.freeze({ n: 2 ** 10, r: 8, p: 1 });

/** createOwner with the quick cost (an owner account, or a contributor's with another website role). */
export function createTestOwner(db: Kysely<Database>, websiteId: string, email: string, password: string, role: number = WebsiteRole.ADMIN) {
  return createOwner(db, websiteId, email, password, Date.now(), role, QUICK_PASSWORD_COST);
}
