import type { Generated } from 'kysely';

/**
 * The tables of the store, as Kysely sees them. Every row carries `website_id` (the tenant key).
 * Conventions, the same on both dialects:
 * - ids are text (24 hex characters, see ids.ts);
 * - times are integer epoch milliseconds (bigint on PostgreSQL, parsed back to numbers);
 * - flags are integers 0/1 (one representation on both dialects);
 * - money is an integer in minor units beside a `currency` column;
 * - structured values that are read whole and never queried inside are JSON text.
 */
export type Flag = 0 | 1;

export interface WebsitesTable {
  id: string;
  website_id: string; // equal to id: every row carries the tenant key, this one included
  identifier: string;
  is_default: Flag;
  /** Built-in theme folder name, used when the site has no stored theme. */
  theme_name: string;
  /** The site's own theme (imported from its `theme/` folder), or null for the built-in one. */
  theme_id: string | null;
  /** Absolute path of the site directory it was imported from (dev mode watches its theme). */
  source_dir: string | null;
  /** Bumped on every change to settings, collections, navigation, forms or theme: caches key on it. */
  version: number;
  created_on: number;
  updated_on: number;
}

interface WebsiteHostsTable {
  host: string;
  website_id: string;
}

export interface SiteSettingsTable {
  website_id: string;
  site_title: string;
  site_description: string;
  logo: string | null;
  language: string;
  time_zone: string;
  currency: string;
  social_accounts: string; // JSON
  website_settings: string; // JSON: commentsEnabled, cookiePolicy, captcha, ...
  store_settings: string; // JSON: the site.json "store" block
  extra: string; // JSON: site.json fields this version does not read, kept for export
}

export interface ThemesTable {
  id: string;
  website_id: string;
  name: string;
  /** Hash of every file: compiled templates and hashed asset URLs are cached per version. */
  version: string;
  created_on: number;
}

interface ThemeFilesTable {
  website_id: string;
  theme_id: string;
  path: string;
  content: Uint8Array;
}

export interface CollectionsTable {
  id: string;
  website_id: string;
  url_id: string;
  title: string;
  type_name: string;
  description: string;
  folder_behavior: number | null;
  parent_id: string | null;
  is_home: Flag;
  page_size: number;
  access: string;
  position: number;
  data: string; // JSON: fields of the site directory not held in columns
}

export interface ItemsTable {
  id: string;
  website_id: string;
  collection_id: string;
  url_id: string;
  title: string;
  status: string;
  publish_on: number | null;
  position: number;
  record_type: number;
  excerpt: string;
  body: string;
  start_date: number | null;
  end_date: number | null;
  data: string; // JSON: tags, categories, mainImage, author, location, images, blocks, ...
  created_on: number;
  updated_on: number;
  /** Bumped by every save (migration 0018): a save names the revision it was made from, a stale one is refused. */
  revision: Generated<number>;
  /** The plain text of the item's layout blocks (migration 0030), which site search matches besides title, excerpt and body. */
  search_text: Generated<string>;
}

export interface ProductsTable {
  item_id: string;
  website_id: string;
  product_type: number;
  variant_option_ordering: string; // JSON array
  is_subscribable: Flag;
  additional_fields_form_id: string | null;
  custom_add_button_text: string;
  data: string; // JSON: images, giftCard, digital, paywall
}

export interface ProductVariantsTable {
  id: string;
  website_id: string;
  item_id: string;
  sku: string;
  position: number;
  attributes: string; // JSON object, option name -> value
  currency: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: Flag;
  stock: number;
  unlimited: Flag;
  weight_grams: number | null;
  image: string | null;
}

export interface SubscriptionPlansTable {
  id: string;
  website_id: string;
  item_id: string;
  billing_period_value: number;
  billing_period_unit: string; // WEEK | MONTH | YEAR
  num_billing_cycles: number; // 0 = until cancelled
}

export interface FormsTable {
  id: string;
  website_id: string;
  form_key: string; // the id of forms/<formId>.json
  name: string;
  definition: string; // JSON: fields, messages, captcha, ...
  /** Counts the form's saves (migration 0028): the builder's compare-and-set. */
  revision: Generated<number>;
  /** When the studio last saved it; 0 for a form as the site directory brought it. */
  updated_on: Generated<number>;
}

export interface NavigationTable {
  website_id: string;
  name: string; // main | footer
  entries: string; // JSON NavEntry[]
}

interface AssetsTable {
  id: string;
  website_id: string;
  path: string;
  content_type: string;
  size: number;
  sha256: string;
  /** Pixel size of images (null for other files), read once at import: themes need originalSize. */
  width: number | null;
  height: number | null;
  /** Where the bytes are in the store's blob store (storage/blobs). */
  blob_key: string;
  /** An image's average colours (colorData: topLeftAverage ... centerAverage), JSON; null for other files. */
  color_data: string | null;
  /** A tiny blurred copy of an image, as a data URL, shown while the image loads. */
  placeholder: string | null;
  /** When the image service made the variants (null: not an image it resizes, or not yet). */
  processed_on: number | null;
  /** Why the image service could not read the image (it is then served as it is, without variants). */
  media_error: string | null;
  /** The name the owner gave the file in the media library (null: its path's last segment). */
  display_name: string | null;
  alt: Generated<string>;
  title: Generated<string>;
  /** The point of an image to keep in view when it is cropped, each in 0..1 (null: its centre). */
  focal_x: number | null;
  focal_y: number | null;
  /** When it was uploaded (0 for files that `tessera import` brought). */
  created_on: Generated<number>;
  /** A video's or audio file's length read from its content (null: not read yet, or not such a file). */
  duration_ms: number | null;
  /** The library image shown before a video plays (migration 0025-media-video). */
  poster_asset_id: string | null;
  /** An entry added from a link: the provider's oEmbed facts as JSON (providers.ts `EmbedFacts`). */
  embed: string | null;
}

/** A resized or re-encoded copy of an image asset (migration 0015-asset-blobs). */
interface AssetVariantsTable {
  asset_id: string;
  website_id: string;
  width: number;
  height: number;
  /** jpeg, png, webp, avif or gif */
  format: string;
  blob_key: string;
  size: number;
}

export interface Database {
  websites: WebsitesTable;
  website_hosts: WebsiteHostsTable;
  site_settings: SiteSettingsTable;
  themes: ThemesTable;
  theme_files: ThemeFilesTable;
  collections: CollectionsTable;
  items: ItemsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  subscription_plans: SubscriptionPlansTable;
  forms: FormsTable;
  navigation: NavigationTable;
  assets: AssetsTable;
  asset_variants: AssetVariantsTable;
}
