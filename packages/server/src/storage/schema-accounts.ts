import type { ColumnType } from 'kysely';
import type { Flag } from './schema.js';

/**
 * The tables of migration 0005: visitor accounts, their sessions and one-time tokens,
 * and members' grants. They join `Database` by declaration merging, as schema-analytics.ts does.
 */
interface SiteUsersTable {
  id: string;
  website_id: string;
  /** Trimmed and lowercased: one account per address and site. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (the owner's scheme, modules/admin/passwords.ts). */
  password_hash: string;
  first_name: string;
  last_name: string;
  /** The language the member chose (POST /api/site-users/account/locale), or null. */
  locale: string | null;
  /** When the member proved the address (a verification or password reset link); null until then. */
  email_verified_on: number | null;
  created_on: number;
  updated_on: number;
}

interface SiteUserSessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  id: string;
  website_id: string;
  site_user_id: string;
  /** SHA-256 (hex) of the session's xsrfToken, which later account calls send in X-XSRF-Token. */
  xsrf_hash: string;
  remember_me: Flag;
  /** The browser that signed in (cut to 200 characters), so the member can tell sessions apart. */
  user_agent: string;
  created_on: number;
  expires_on: number;
}

interface SiteUserTokensTable {
  /** SHA-256 (hex) of the token in the mailed link. */
  id: string;
  website_id: string;
  site_user_id: string;
  purpose: 'password-reset' | 'verify-email';
  created_on: number;
  expires_on: number;
}

interface MemberGrantsTable {
  id: string;
  website_id: string;
  site_user_id: string;
  /** The access group a paywall product grants (`paywall.grants`), which collections name in `access`. */
  area: string;
  /** The order that last granted or extended it. */
  order_id: string | null;
  item_id: string | null;
  pricing: 'one-time' | 'subscription';
  /** The staff account's email when granted by hand in the studio (migration 0013-customers); null when an order granted it. */
  granted_by: ColumnType<string | null, string | null | undefined, string | null>;
  starts_on: number;
  /** Null: for good (one-time); else the end of the period paid for (subscription). */
  expires_on: number | null;
  created_on: number;
  updated_on: number;
}

declare module './schema.js' {
  interface Database {
    site_users: SiteUsersTable;
    site_user_sessions: SiteUserSessionsTable;
    site_user_tokens: SiteUserTokensTable;
    member_grants: MemberGrantsTable;
  }
}
