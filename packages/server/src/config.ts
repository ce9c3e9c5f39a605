import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyticsConfig, type AnalyticsConfig } from './modules/analytics/config.js';
import { AssetsUrlError, parseAssetsUrl } from './storage/blobs/assets-url.js';

/**
 * Everything Tessera reads from the environment, with its default. The README lists the same
 * variables; `loadConfig` is the only place that reads `process.env` (tests build configs directly).
 */
export interface Config {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** Where the embedded SQLite store and other local state live. */
  dataDir: string;
  /** `postgres://...` for PostgreSQL; `sqlite:<file>` or a file path for SQLite. */
  databaseUrl: string;
  /**
   * Where the bytes of site assets live (storage/blobs): empty for `<dataDir>/assets`;
   * `s3://bucket/prefix?endpoint=...&region=...` for S3-compatible object storage; `file:/folder`.
   */
  assetsUrl: string;
  /** `smtp://user:pass@host:port`; empty keeps mail in the outbox table and the log (mail/README.md). */
  smtpUrl: string;
  /** The From of mail when a site names none (settings.mail.from); empty: "<site title>" <no-reply@host>. */
  mailFrom: string;
  logLevel: string;
  /** Site directory imported on the first start when the store holds no site yet. */
  siteDir: string;
  /** Folder holding the built-in themes (`themes/<name>`). */
  themesDir: string;
  /** The storefront's Vite build output (holds `.vite/manifest.json`). */
  storefrontDist: string;
  /** The owner's studio's Vite build output (holds `.vite/manifest.json`), served under /config/. */
  studioDist: string;
  /** Dev mode: theme files are read from disk, watched and recompiled; template errors show in the page. */
  dev: boolean;
  /** Grace period for in-flight requests on shutdown, in milliseconds. */
  shutdownTimeoutMs: number;
  /** Base URL printed at start and used for absolute links; derived from host and port when empty. */
  publicUrl: string;
  /**
   * How long a process trusts its cached copy of a site's settings, collections, navigation and
   * theme before checking the site's version in the store again, in milliseconds (the content of items
   * and products is kept per version too; publication and variants are read per request). 0 checks on
   * every request.
   */
  siteCacheMs: number;
  /** Visitor analytics, page speed and client errors: retention, batching, limits (modules/analytics/config.ts). */
  analytics: AnalyticsConfig;
  /**
   * Which proxies in front of Tessera are believed about the client (X-Forwarded-For, -Proto, -Host):
   * false (none, the default), a hop count, or addresses and CIDR ranges (Fastify's `trustProxy`).
   */
  trustProxy: TrustProxy;
  /**
   * Where the Stripe client sends its API calls: empty for Stripe's own address; `http://127.0.0.1:41234`
   * for a local server shaped as Stripe's API (the tests). Optional so that configs built by hand need not name it.
   */
  stripeApi?: string;
  /**
   * TESSERA_OEMBED_API: one origin that every oEmbed provider's endpoint and thumbnails are fetched
   * from instead of their own, for a local server shaped as their oEmbed APIs (the tests). Empty: the providers.
   */
  oembedApi?: string;
  /**
   * TESSERA_MARKETING_ORIGIN: one origin that the tag manager's and the ad pixel's scripts are loaded
   * from instead of their documented hosts, for a local server standing in for both (the tests). Empty: their hosts.
   */
  marketingOrigin?: string;
}

export type TrustProxy = false | number | string;

/** The repository root, found from this file (src/ or dist/ of packages/server). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const DEFAULTS = {
  PORT: 3000,
  HOST: '0.0.0.0',
  DATA_DIR: './data',
  LOG_LEVEL: 'info',
  SITE_DIR: path.join(REPO_ROOT, 'sites', 'demo'),
  THEMES_DIR: path.join(REPO_ROOT, 'themes'),
  STOREFRONT_DIST: path.join(REPO_ROOT, 'packages', 'storefront', 'dist'),
  STUDIO_DIST: path.join(REPO_ROOT, 'packages', 'studio', 'dist'),
  SHUTDOWN_TIMEOUT_MS: 10_000,
  SITE_CACHE_MS: 1_000,
} as const;

export class ConfigError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/**
 * TRUST_PROXY: empty, `false` or `0` trusts no proxy; a whole number trusts that many hops; otherwise
 * a comma-separated list of addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `loopback`).
 * `true` (every hop) is refused: anyone could then claim any address by sending the header.
 */
export function trustProxyOf(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return integer('TRUST_PROXY', value, 0, 1, 32);
  if (value === 'true') {
    throw new ConfigError('TRUST_PROXY=true would believe any client about its address: give the hop count (1) or the proxy addresses');
  }
  const parts = value.split(',').map((p) => p.trim());
  const entry = /^(?:loopback|linklocal|uniquelocal|[0-9a-f.:]+(?:\/\d{1,3})?)$/i;
  if (parts.some((p) => !entry.test(p))) {
    throw new ConfigError(`TRUST_PROXY must be a hop count or addresses and CIDR ranges separated by commas (got "${value}")`);
  }
  return parts.join(',');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || DEFAULTS.DATA_DIR);
  const config: Config = {
    port: integer('PORT', env.PORT, DEFAULTS.PORT, 0, 65535),
    host: env.HOST || DEFAULTS.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'tessera.sqlite')}`,
    assetsUrl: env.ASSETS_URL || '',
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || '',
    logLevel: env.LOG_LEVEL || DEFAULTS.LOG_LEVEL,
    siteDir: path.resolve(env.SITE_DIR || DEFAULTS.SITE_DIR),
    themesDir: path.resolve(env.THEMES_DIR || DEFAULTS.THEMES_DIR),
    storefrontDist: path.resolve(env.STOREFRONT_DIST || DEFAULTS.STOREFRONT_DIST),
    studioDist: path.resolve(env.STUDIO_DIST || DEFAULTS.STUDIO_DIST),
    dev: false,
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, DEFAULTS.SHUTDOWN_TIMEOUT_MS, 0, 600_000),
    publicUrl: env.PUBLIC_URL || '',
    siteCacheMs: integer('SITE_CACHE_MS', env.SITE_CACHE_MS, DEFAULTS.SITE_CACHE_MS, 0, 3_600_000),
    analytics: analyticsConfig(env, integer),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    stripeApi: env.TESSERA_STRIPE_API || '',
    oembedApi: env.TESSERA_OEMBED_API || '',
    marketingOrigin: env.TESSERA_MARKETING_ORIGIN || '',
    ...overrides,
  };
  try {
    parseAssetsUrl(config.assetsUrl, config.dataDir);
  } catch (error) {
    if (error instanceof AssetsUrlError) throw new ConfigError(error.message);
    throw error;
  }
  if (config.stripeApi && !/^https?:\/\/[^/]+\/?$/.test(config.stripeApi)) {
    throw new ConfigError(`TESSERA_STRIPE_API must be an origin such as http://127.0.0.1:41234 (got "${config.stripeApi}")`);
  }
  if (config.oembedApi && !/^https?:\/\/[^/]+\/?$/.test(config.oembedApi)) {
    throw new ConfigError(`TESSERA_OEMBED_API must be an origin such as http://127.0.0.1:41234 (got "${config.oembedApi}")`);
  }
  if (config.marketingOrigin && !/^https?:\/\/[^/]+\/?$/.test(config.marketingOrigin)) {
    throw new ConfigError(`TESSERA_MARKETING_ORIGIN must be an origin such as http://127.0.0.1:41236 (got "${config.marketingOrigin}")`);
  }
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  if (!levels.includes(config.logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')} (got "${config.logLevel}")`);
  }
  return config;
}

/** The address to print and to use for absolute URLs: localhost stands for "every interface". */
export function displayUrl(config: Config, port: number): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
