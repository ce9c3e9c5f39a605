/**
 * The table of migration 0031-site-styles (modules/design), added to the store's `Database` by
 * declaration merging (as schema-content.ts does).
 */
interface SiteStylesTable {
  website_id: string;
  /** The theme the paths belong to: each theme's choices are kept apart, and survive a switch. */
  theme_name: string;
  /** JSON `{ "<path>": value }`: only the paths that differ from the theme's defaults. */
  saved: string;
  /** Compared and set by every save and reset of this theme's styles: only ever increases. */
  revision: number;
  updated_on: number;
}

declare module './schema.js' {
  interface Database {
    site_styles: SiteStylesTable;
  }
}

export {};
