import { sql, type Kysely } from 'kysely';
import type { Dialect, MigrationFactory } from './types.js';

/**
 * The owner's customer list (docs/owner-api.md "Customers"): one row per customer of a site, kept by
 * the store itself, so that the list, its sorts and its search read one small indexed table instead
 * of adding up every order at each request (table shape: storage/schema-customers.ts).
 *
 * A customer is a lower-cased email that placed an order (a declined attempt does not count) or
 * holds a visitor account. Triggers on `orders` and `site_users` recompute the customer's row from
 * its sources whenever an order is placed, paid, refunded, canceled or renamed, or an account is
 * made, renamed or deleted: whichever module makes the change (checkout, the order actions, the
 * hold job, an import), the row follows in the same transaction, and a recompute is never wrong by
 * a missed increment. Rows are filled for what the store already holds.
 *
 * Also: who granted a members' area by hand (`member_grants.granted_by`, a staff email; null for
 * a grant made by an order).
 */

/** Order payment states that count towards the total spent (grand total less what was refunded). */
const PAID = "('paid', 'partially_refunded', 'refunded')";

/**
 * The statements that rebuild one customer's row, `w` and `k` being SQL expressions of its site and
 * lower-cased email. The name is the latest order's buyer name, else the account's.
 */
function refresh(w: string, k: string): string[] {
  const orders = `from orders o where o.website_id = ${w} and lower(o.customer_email) = ${k} and o.payment_status <> 'declined'`;
  return [
    `delete from customers where website_id = ${w} and email = ${k}`,
    `insert into customers (website_id, email, name, order_count, spent_cents, last_order_on, site_user_id, account_created_on)
     select ${w}, ${k},
       coalesce((select o.customer_name ${orders} and o.customer_name <> '' order by o.created_on desc limit 1), trim(u.first_name || ' ' || u.last_name), ''),
       a.n, a.spent, a.last, u.id, coalesce(u.created_on, 0)
     from (select count(*) as n,
             coalesce(sum(case when o.payment_status in ${PAID} then o.grand_total_cents - o.refunded_cents else 0 end), 0) as spent,
             coalesce(max(o.created_on), 0) as last
           ${orders}) a
     left join site_users u on u.website_id = ${w} and u.email = ${k}
     where (a.n > 0 or u.id is not null) and exists (select 1 from websites where id = ${w})`,
  ];
}

/** Every customer of the store already, in one statement: the same rows as `refresh` makes one by one. */
const BACKFILL = `
  insert into customers (website_id, email, name, order_count, spent_cents, last_order_on, site_user_id, account_created_on)
  select k.website_id, k.email,
    coalesce((select o.customer_name from orders o
              where o.website_id = k.website_id and lower(o.customer_email) = k.email and o.payment_status <> 'declined' and o.customer_name <> ''
              order by o.created_on desc limit 1), trim(u.first_name || ' ' || u.last_name), ''),
    coalesce(a.n, 0), coalesce(a.spent, 0), coalesce(a.last, 0), u.id, coalesce(u.created_on, 0)
  from (select website_id, lower(customer_email) as email from orders where payment_status <> 'declined'
        union select website_id, email from site_users) k
  left join (select website_id, lower(customer_email) as email, count(*) as n,
               sum(case when payment_status in ${PAID} then grand_total_cents - refunded_cents else 0 end) as spent,
               max(created_on) as last
             from orders where payment_status <> 'declined' group by website_id, lower(customer_email)) a
    on a.website_id = k.website_id and a.email = k.email
  left join site_users u on u.website_id = k.website_id and u.email = k.email`;

/** The order columns a customer's row is made of: other updates (a timestamp, a hold) fire nothing. */
const ORDER_COLUMNS = 'customer_email, customer_name, payment_status, grand_total_cents, refunded_cents, created_on';
const ACCOUNT_COLUMNS = 'email, first_name, last_name';

/** SQLite: one trigger per table and change, each repeating the statements (SQLite has no functions). */
function sqliteTriggers(): string[] {
  const order = (row: 'NEW' | 'OLD') => refresh(`${row}.website_id`, `lower(${row}.customer_email)`);
  const account = (row: 'NEW' | 'OLD') => refresh(`${row}.website_id`, `${row}.email`);
  const trigger = (name: string, event: string, statements: string[]) =>
    `create trigger ${name} after ${event} for each row begin\n${statements.join(';\n')};\nend`;
  return [
    trigger('customers_order_insert', 'insert on orders', order('NEW')),
    trigger('customers_order_update', `update of ${ORDER_COLUMNS} on orders`, [...order('OLD'), ...order('NEW')]),
    trigger('customers_order_delete', 'delete on orders', order('OLD')),
    trigger('customers_account_insert', 'insert on site_users', account('NEW')),
    trigger('customers_account_update', `update of ${ACCOUNT_COLUMNS} on site_users`, [...account('OLD'), ...account('NEW')]),
    trigger('customers_account_delete', 'delete on site_users', account('OLD')),
  ];
}

/**
 * PostgreSQL: one function rebuilds a row. Two transactions placing orders for one customer at once
 * would each recompute without the other's order; a lock per customer, held to the end of the
 * transaction, makes the second wait and then read the first one's order.
 */
function postgresTriggers(): string[] {
  return [
    `create function customers_refresh(w text, k text) returns void language plpgsql as $$
     begin
       if k is null or k = '' then return; end if;
       perform pg_advisory_xact_lock(hashtextextended('customers ' || w || ' ' || k, 0));
       ${refresh('w', 'k').join(';\n')};
     end $$`,
    `create function customers_order_changed() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then perform customers_refresh(old.website_id, lower(old.customer_email)); end if;
       if tg_op in ('INSERT', 'UPDATE') then perform customers_refresh(new.website_id, lower(new.customer_email)); end if;
       return null;
     end $$`,
    `create function customers_account_changed() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then perform customers_refresh(old.website_id, old.email); end if;
       if tg_op in ('INSERT', 'UPDATE') then perform customers_refresh(new.website_id, new.email); end if;
       return null;
     end $$`,
    `create trigger customers_order after insert or delete or update of ${ORDER_COLUMNS} on orders for each row execute function customers_order_changed()`,
    `create trigger customers_account after insert or delete or update of ${ACCOUNT_COLUMNS} on site_users for each row execute function customers_account_changed()`,
  ];
}

const TRIGGERS: Record<Dialect, { create(): string[]; drop: string[] }> = {
  sqlite: {
    create: sqliteTriggers,
    drop: ['order_insert', 'order_update', 'order_delete', 'account_insert', 'account_update', 'account_delete'].map((t) => `drop trigger customers_${t}`),
  },
  postgres: {
    create: postgresTriggers,
    drop: [
      'drop trigger customers_order on orders',
      'drop trigger customers_account on site_users',
      'drop function customers_order_changed()',
      'drop function customers_account_changed()',
      'drop function customers_refresh(text, text)',
    ],
  },
};

export const customers: MigrationFactory = ({ dialect, bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('customers')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      // Lower-cased: one row per address and site, as visitor accounts are.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('order_count', 'integer', (c) => c.notNull())
      .addColumn('spent_cents', bigint, (c) => c.notNull())
      // 0 for none: the sorts keep customers without orders (or accounts) last without nulls.
      .addColumn('last_order_on', bigint, (c) => c.notNull())
      .addColumn('site_user_id', 'text')
      .addColumn('account_created_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('customers_pk', ['website_id', 'email'])
      .execute();
    // One index per sort of the list, the email last so that keyset cursors are exact.
    for (const column of ['last_order_on', 'spent_cents', 'order_count', 'account_created_on']) {
      await db.schema.createIndex(`customers_by_${column}`).on('customers').columns(['website_id', column, 'email']).execute();
    }
    // A customer's page by its account's id.
    await db.schema.createIndex('customers_site_user').on('customers').column('site_user_id').execute();
    // A customer's orders, by the address whatever its case, newest first (the recompute and the
    // customer's page): with the order in the index, no plan prefers reading every order of the site.
    await sql`create index orders_customer_email on orders (website_id, lower(customer_email), created_on, id)`.execute(db);

    await db.schema.alterTable('member_grants').addColumn('granted_by', 'text').execute();

    for (const statement of TRIGGERS[dialect].create()) await sql.raw(statement).execute(db);
    await sql.raw(BACKFILL).execute(db);
  },

  async down(db: Kysely<any>) {
    for (const statement of TRIGGERS[dialect].drop) await sql.raw(statement).execute(db);
    await db.schema.alterTable('member_grants').dropColumn('granted_by').execute();
    await db.schema.dropIndex('orders_customer_email').execute();
    await db.schema.dropTable('customers').execute();
  },
});
