import type { ColumnType } from 'kysely';
import type { Flag } from './schema.js';

/**
 * The tables of migration 0006-restock-reviews: restock signups and product reviews,
 * added to the store's `Database` by declaration merging (as schema-forms.ts does).
 */
type RestockSignupStatus = 'waiting' | 'notified';

interface RestockSignupsTable {
  id: string;
  website_id: string;
  /** The product's item id (the spec's productId). */
  item_id: string;
  variant_id: string;
  /** Lowercased. */
  email: string;
  join_mailing_list: Flag;
  status: RestockSignupStatus;
  /** The site's address as the visitor reached it: the links of the restock mail start with it. */
  base_url: string;
  created_on: number;
  notified_on: number | null;
  /** The restock mail's outbox row, once notified. */
  outbox_id: string | null;
}

interface ProductReviewsTable {
  id: string;
  website_id: string;
  item_id: string;
  /** The order the review was written for: one review per product and order. */
  order_id: string;
  /** 1 to 5 (CHECK). */
  rating: number;
  body: string;
  reviewer_name: string;
  created_on: number;
  /** Migration 0018: pending until approved when the site moderates reviews; only approved ones are shown. */
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  /** The shop's public reply, with when and by whom (an account's email). */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_on: ColumnType<number | null, number | null | undefined, number | null>;
  replied_by: ColumnType<string | null, string | null | undefined, string | null>;
  moderated_on: ColumnType<number | null, number | null | undefined, number | null>;
  moderated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

type ReviewStatus = 'pending' | 'approved' | 'hidden';

interface RestockTables {
  restock_signups: RestockSignupsTable;
  product_reviews: ProductReviewsTable;
}

declare module './schema.js' {
  interface Database extends RestockTables {}
}
