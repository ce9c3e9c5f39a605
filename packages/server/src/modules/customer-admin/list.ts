import { sql } from 'kysely';
import type { Executor } from '../../storage/statement.js';
import type {} from '../../storage/schema-customers.js';
import type {} from '../../storage/schema-accounts.js';
import { money, type Money, type SiteSnapshot } from '../site/index.js';
import { type CustomerListQuery, SORTS, encodeCursor } from './list-query.js';

/** One customer of the list (docs/owner-api.md "Customers"). */
export interface CustomerSummary {
  /** The account's id, or the lower-cased email of a customer without an account: the customer's page is `/config/customers/<key>`. */
  key: string;
  email: string;
  name: string;
  orderCount: number;
  totalSpentCents: number;
  totalSpentMoney: Money;
  /** When the latest order was placed; null for none. */
  lastOrderOn: number | null;
  hasAccount: boolean;
  /** `none`, `unverified` (the address not yet proved) or `verified`. */
  accountState: 'none' | 'unverified' | 'verified';
  accountCreated: number | null;
  /** Members' areas the account may open now. */
  membershipCount: number;
}

/** Escapes LIKE's wildcards in search text (the escape character is the backslash). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of customers: one query, the account and membership count joined per row of the page. */
function customerPage(db: Executor, websiteId: string, query: CustomerListQuery, now: number) {
  const { column, direction } = SORTS[query.sort];
  const sorted = `c.${column}` as const;
  const after = query.after;
  return db
    .selectFrom('customers as c')
    .leftJoin('site_users as u', 'u.id', 'c.site_user_id')
    .select((eb) => [
      'c.email',
      'c.name',
      'c.order_count',
      'c.spent_cents',
      'c.last_order_on',
      'c.site_user_id',
      'c.account_created_on',
      'u.email_verified_on',
      eb
        .selectFrom('member_grants as g')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('g.site_user_id', '=', 'c.site_user_id')
        .where('g.starts_on', '<=', now)
        .where((w) => w.or([w('g.expires_on', 'is', null), w('g.expires_on', '>', now)]))
        .as('membership_count'),
    ])
    .where('c.website_id', '=', websiteId)
    .$if(query.q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([sql<boolean>`c.email like ${likePattern(query.q)} escape '\\'`, sql<boolean>`lower(c.name) like ${likePattern(query.q)} escape '\\'`]),
      ),
    )
    .$if(after !== null, (qb) =>
      qb.where((eb) => eb(eb.refTuple(sorted, 'c.email'), direction === 'desc' ? '<' : '>', eb.tuple(after!.value as never, after!.email))),
    )
    .orderBy(sorted, direction)
    .orderBy('c.email', direction)
    .limit(query.limit + 1)
    .execute();
}

/** `GET /api/owner/customers`: a page of customers and the cursor of the next (null on the last). */
export async function listCustomers(db: Executor, s: SiteSnapshot, query: CustomerListQuery, now: number) {
  const rows = await customerPage(db, s.website.id, query, now);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const { column } = SORTS[query.sort];
  return {
    customers: page.map((r): CustomerSummary => {
      const spent = Number(r.spent_cents);
      const lastOrder = Number(r.last_order_on);
      const created = Number(r.account_created_on);
      return {
        key: r.site_user_id ?? r.email,
        email: r.email,
        name: r.name,
        orderCount: Number(r.order_count),
        totalSpentCents: spent,
        totalSpentMoney: money(spent, s.currency),
        lastOrderOn: lastOrder > 0 ? lastOrder : null,
        hasAccount: r.site_user_id !== null,
        accountState: r.site_user_id === null ? 'none' : r.email_verified_on === null ? 'unverified' : 'verified',
        accountCreated: r.site_user_id !== null ? created : null,
        membershipCount: Number(r.membership_count ?? 0),
      };
    }),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(query.sort, column === 'email' ? last.email : Number(last[column as keyof typeof last]), last.email)
        : null,
    currency: s.currency,
  };
}
