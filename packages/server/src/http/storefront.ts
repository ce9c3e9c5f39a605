import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const STOREFRONT_PREFIX = '/static/storefront/';

/** The storefront build as pages reference it: the bootstrap script and its CSS, by hashed file name. */
export interface StorefrontBuild {
  bootstrapUrl: string | null;
  cssUrls: string[];
}

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  name?: string;
  src?: string;
  css?: string[];
}

/** Reads Vite's manifest (packages/storefront/dist/.vite/manifest.json); a missing build gives no script. */
export function readStorefrontBuild(dist: string): StorefrontBuild {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { bootstrapUrl: null, cssUrls: [] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const entry = Object.values(manifest).find((e) => e.isEntry && (e.name === 'bootstrap' || e.src?.endsWith('bootstrap.ts')));
  if (!entry) return { bootstrapUrl: null, cssUrls: [] };
  return { bootstrapUrl: STOREFRONT_PREFIX + entry.file, cssUrls: (entry.css ?? []).map((c) => STOREFRONT_PREFIX + c) };
}

/** The address of another entry of the storefront build, by its name (null when not built). */
export function storefrontEntryUrl(dist: string, name: string): string | null {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const entry = Object.values(manifest).find((e) => e.isEntry && e.name === name);
  return entry ? STOREFRONT_PREFIX + entry.file : null;
}

/**
 * Serves a Vite build's hashed output (`<dist>/assets` under `prefix`). Every file there carries its
 * content hash in its name, so it is cached for a year and marked immutable; the build writes a .br
 * and a .gz beside each script and stylesheet (scripts/precompress.mjs at the repository root).
 */
export async function registerHashedAssets(app: FastifyInstance, dist: string, prefix: string, notBuilt: string): Promise<void> {
  const root = path.join(dist, 'assets');
  if (!fs.existsSync(root)) {
    app.log.warn({ dist }, notBuilt);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: 365 * 24 * 60 * 60 * 1000,
    immutable: true,
    etag: true,
    lastModified: false,
    preCompressed: true,
  });
}

/** The storefront's build, under /static/storefront/assets/. */
export function registerStorefrontAssets(app: FastifyInstance, dist: string): Promise<void> {
  return registerHashedAssets(app, dist, `${STOREFRONT_PREFIX}assets/`, 'the storefront is not built (npm run build): pages carry no bootstrap script');
}
