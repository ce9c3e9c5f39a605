import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '@tessera/core/html';
import { registerHashedAssets } from '../../http/storefront.js';
import { scriptJson } from '../site/index.js';

/**
 * The owner's studio (packages/studio): one Vite build served under /config/, its hashed files at
 * /config/assets/. The server knows one entry (src/main.tsx), which loads the page named in the
 * page's context; a page's own chunk is found by the studio's convention, one folder per page
 * (src/pages/<page>/page.tsx), and preloaded so that it arrives with the entry.
 */
const STUDIO_ASSETS_PREFIX = '/config/assets/';
const STUDIO_BASE = '/config/';
const ENTRY = 'src/main.tsx';
const pageSource = (page: string) => `src/pages/${page}/page.tsx`;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** What an owner page's HTML links: the entry script, the stylesheets, the chunks to preload. */
export interface StudioAssets {
  script: string;
  css: string[];
  preload: string[];
}

/** Reads the studio's Vite manifest once; a missing build gives no assets (the page says to build). */
export function studioAssets(dist: string): (page: string) => StudioAssets | undefined {
  const file = path.join(dist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
  const entry = manifest[ENTRY];
  const known = new Map<string, StudioAssets>();
  return (page) => {
    if (!entry) return undefined;
    let assets = known.get(page);
    if (!assets) {
      const css = new Set(entry.css ?? []);
      const preload = new Set<string>();
      // The entry itself is the page's script: the chunks it and the page import are preloaded.
      const seen = new Set([entry.file]);
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || seen.has(chunk.file)) return;
        seen.add(chunk.file);
        preload.add(chunk.file);
        for (const c of chunk.css ?? []) css.add(c);
        for (const i of chunk.imports ?? []) visit(i);
      };
      for (const i of entry.imports ?? []) visit(i);
      visit(pageSource(page));
      assets = {
        script: STUDIO_BASE + entry.file,
        css: [...css].map((c) => STUDIO_BASE + c),
        preload: [...preload].map((p) => STUDIO_BASE + p),
      };
      known.set(page, assets);
    }
    return assets;
  };
}

/** The HTML of an owner page: its context as JSON (no inline script: the CSP stays strict) and the studio's entry. */
export function studioShell(title: string, language: string, assets: StudioAssets | undefined, context: Record<string, unknown>): string {
  const head = assets
    ? [
        ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
        ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
      ].join('\n')
    : '';
  const body = assets
    ? `<script type="module" src="${escapeHtml(assets.script)}"></script>`
    : "<p>The owner's studio is not built yet: run <code>npm run build</code>.</p>";
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
<script type="application/json" id="tessera-studio-context">${scriptJson(context)}</script>
<div id="tessera-studio"></div>
<noscript><p>The owner's pages need JavaScript.</p></noscript>
${body}
</body>
</html>
`;
}

/** Serves the studio's hashed build output at /config/assets/, as the storefront's is served. */
export function registerStudioAssets(app: FastifyInstance, dist: string): Promise<void> {
  return registerHashedAssets(app, dist, STUDIO_ASSETS_PREFIX, "the studio is not built (npm run build): the owner's pages carry no script");
}
