/**
 * The tables of migration 0027-content-drafts (modules/content-admin), added to the store's
 * `Database` by declaration merging (as schema-media.ts does).
 */
interface ItemDraftsTable {
  item_id: string;
  website_id: string;
  /** JSON `{ title, excerpt, sections }`; null once published or discarded (the row keeps the revision). */
  document: string | null;
  /** The item's revision counter: only ever increases, compared-and-set by every save. */
  revision: number;
  /** The staff account that wrote the row last (saved, published or discarded). */
  updated_by: string;
  updated_on: number;
}

/** A published version of an item's document. */
interface ItemRevisionsTable {
  item_id: string;
  website_id: string;
  revision: number;
  /** JSON `{ title, excerpt, sections }` as it was published. */
  document: string;
  published_by: string;
  published_on: number;
}

/** Who has an item open in the editor: each editor says so every 15 seconds. */
interface ItemEditorsTable {
  item_id: string;
  website_id: string;
  account_id: string;
  seen_on: number;
}

declare module './schema.js' {
  interface Database {
    item_drafts: ItemDraftsTable;
    item_revisions: ItemRevisionsTable;
    item_editors: ItemEditorsTable;
  }
}

export {};
