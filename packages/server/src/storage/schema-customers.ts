/**
 * The customers table of migration 0013-customers: one row per customer of a site (a lower-cased
 * email that ordered or holds a visitor account), kept up to date by the store's triggers from
 * `orders` and `site_users`. Read-only for the application. It joins `Database` by declaration
 * merging, as schema-analytics.ts does.
 */
interface CustomersTable {
  website_id: string;
  /** Lower-cased. */
  email: string;
  /** The latest order's buyer name, else the account's; '' when neither has one. */
  name: string;
  /** Orders placed with the address, declined attempts left out. */
  order_count: number;
  /** What paid orders brought: their grand totals less what was refunded. */
  spent_cents: number;
  /** When the latest order was placed; 0 for none. */
  last_order_on: number;
  /** The visitor account with this address, if any. */
  site_user_id: string | null;
  /** When that account was made; 0 for none. */
  account_created_on: number;
}

declare module './schema.js' {
  interface Database {
    customers: CustomersTable;
  }
}
