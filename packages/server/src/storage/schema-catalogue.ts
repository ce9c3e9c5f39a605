/**
 * The tables and columns of migration 0018-catalogue, added to the store's `Database` by
 * declaration merging (as schema-forms.ts does). Conventions of schema.ts.
 */

/**
 * Why a variant's stock changed. The staff choose `received`, `damaged`, `counted` (a count that
 * sets the stock: its delta is what the count differs by) or `correction`; the others are written
 * by the store itself: `created` (a new variant's first stock), `sold` and `restored` (an order's
 * hold taken and given back), `imported` (a CSV import's count).
 */
export type AdjustmentReason = 'received' | 'damaged' | 'counted' | 'correction' | 'created' | 'sold' | 'restored' | 'imported';

interface InventoryAdjustmentsTable {
  id: string;
  website_id: string;
  variant_id: string;
  item_id: string;
  /** The SKU when the change was made (the history reads on after a SKU is renamed or a variant deleted). */
  sku: string;
  /** Signed: pieces added (positive) or taken (negative). */
  delta: number;
  /** The variant's stock right after the change. */
  stock_after: number;
  reason: AdjustmentReason;
  note: string;
  /** staff (actor_email names the account), customer (a checkout), or system (import, a job). */
  actor_kind: 'staff' | 'customer' | 'system';
  actor_email: string | null;
  order_id: string | null;
  created_on: number;
}

/** Migration 0022: per form, how many submissions it has and the latest one's time (kept by triggers). */
interface FormSubmissionCountsTable {
  website_id: string;
  form_key: string;
  submissions: number;
  /** Epoch milliseconds; 0 once the last submission is deleted. */
  last_on: number;
}

declare module './schema.js' {
  interface Database {
    inventory_adjustments: InventoryAdjustmentsTable;
    form_submission_counts: FormSubmissionCountsTable;
  }
}
