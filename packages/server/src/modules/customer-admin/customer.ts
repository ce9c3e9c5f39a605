import { AppError } from '../../errors.js';
import type { Executor } from '../../storage/statement.js';
import type {} from '../../storage/schema-customers.js';
import type {} from '../../storage/schema-accounts.js';

/**
 * A customer named by the key of the owner's API: a visitor account's id, or a lower-cased email
 * (an address holds '@', an id never does). Answers the customer's row with its account, the
 * account's live session count and the start of its newest session; NOT_FOUND for an unknown key.
 */
export async function findCustomer(db: Executor, websiteId: string, key: string, now: number) {
  const byEmail = key.includes('@');
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('site_users as u', 'u.id', 'c.site_user_id')
    .select((eb) => [
      'c.email',
      'c.name',
      'c.order_count',
      'c.spent_cents',
      'c.last_order_on',
      'c.site_user_id',
      'u.first_name',
      'u.last_name',
      'u.email_verified_on',
      'u.created_on as account_created_on',
      eb
        .selectFrom('site_user_sessions as s')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('s.site_user_id', '=', 'c.site_user_id')
        .where('s.expires_on', '>', now)
        .as('active_sessions'),
      eb
        .selectFrom('site_user_sessions as s')
        .select((sub) => sub.fn.max('s.created_on').as('last'))
        .whereRef('s.site_user_id', '=', 'c.site_user_id')
        .as('last_session_on'),
    ])
    .where('c.website_id', '=', websiteId)
    .$if(byEmail, (qb) => qb.where('c.email', '=', key.trim().toLowerCase()))
    .$if(!byEmail, (qb) => qb.where('c.site_user_id', '=', key))
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export type CustomerRow = Awaited<ReturnType<typeof findCustomer>>;

/** The customer's visitor account id, or CUSTOMER_HAS_NO_ACCOUNT: the account actions need one. */
export function accountOf(customer: CustomerRow): string {
  if (customer.site_user_id === null) throw new AppError('CUSTOMER_HAS_NO_ACCOUNT');
  return customer.site_user_id;
}
