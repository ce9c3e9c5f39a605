/**
 * A site directory, parsed and checked (docs/site-format.md). Import turns files into a SiteBundle
 * and writes it to the store; export reads a SiteBundle back and writes the files.
 * Fields a version of Tessera does not know are kept in `extra` so that they round-trip.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const CONTENT_STATUSES = ['published', 'scheduled', 'needs-review', 'draft', 'private'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const COLLECTION_KINDS = ['page', 'blog', 'events', 'products', 'gallery', 'lessons', 'folder'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

export interface SiteDoc {
  identifier: string;
  hosts: string[];
  siteTitle: string;
  siteDescription: string;
  theme: string;
  language: string;
  timeZone: string;
  currency: string;
  logo: string | null;
  socialAccounts: JsonObject[];
  settings: JsonObject;
  store: JsonObject;
  /**
   * The owner's site styles per theme name: only the dotted paths that differ from the theme's defaults
   * (docs/site-format.md "Site styles"). Absent: an import leaves the stored styles as they are.
   */
  styles?: Record<string, Record<string, string | number | boolean>>;
  extra: JsonObject;
}

export interface NavEntry {
  /** A link's or folder's own stable id (the studio names entries by it); collections are named by `collection`. */
  id?: string;
  title: string;
  collection?: string;
  url?: string;
  items?: NavEntry[];
  /** Left out of the navigation visitors see; the page itself still answers at its URL. */
  hidden?: boolean;
}

export interface VariantDoc {
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  stock: number;
  unlimited: boolean;
  weightGrams: number | null;
  image: string | null;
  extra: JsonObject;
}

export interface SubscriptionPlanDoc {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

export interface ProductDoc {
  productType: number;
  variantOptionOrdering: string[];
  variants: VariantDoc[];
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlanDoc | null;
  additionalFieldsForm: string | null;
  customAddButtonText: string;
  /** images, giftCard, digital, paywall and anything else, kept as written. */
  data: JsonObject;
}

export interface ItemDoc {
  urlId: string;
  title: string;
  status: ContentStatus;
  publishOn: number | null;
  excerpt: string;
  body: string;
  startDate: number | null;
  endDate: number | null;
  recordType: number | null;
  product: ProductDoc | null;
  /** tags, categories, mainImage, author, location, images, blocks, tracks, externalLink, ... */
  data: JsonObject;
}

export interface CollectionDoc {
  urlId: string;
  title: string;
  type: CollectionKind;
  description: string;
  folderBehavior: number | null;
  isHome: boolean;
  pageSize: number;
  access: string;
  /** Folders: the urlIds of the collections they hold, in order. */
  children: string[];
  items: ItemDoc[];
  extra: JsonObject;
}

export interface FormDoc {
  id: string;
  name: string;
  definition: JsonObject;
}

export interface FileEntry {
  path: string;
  content: Buffer;
}

/**
 * What the media library knows of a file beyond its bytes (media.json, keyed by the file's path):
 * the name the owner gave it, its alt text, title and focal point. Absent: as the store has it.
 */
export interface MediaDetails {
  name?: string;
  alt?: string;
  title?: string;
  focalPoint?: { x: number; y: number };
}

export interface SiteBundle {
  site: SiteDoc;
  navigation: Record<string, NavEntry[]>;
  collections: CollectionDoc[];
  forms: FormDoc[];
  assets: FileEntry[];
  /** The site's own theme, from its theme/ folder; null uses the built-in theme `site.theme`. */
  theme: { files: FileEntry[] } | null;
  /** media.json: the library's details of files under assets/, by path. */
  media?: Record<string, MediaDetails>;
  /** Where it was read from (absolute), when it came from a directory. */
  sourceDir: string | null;
}
