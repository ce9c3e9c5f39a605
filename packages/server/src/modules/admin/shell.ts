import fs from 'node:fs';
import path from 'node:path';
import { STOREFRONT_PREFIX } from '../../http/storefront.js';
import { escapeHtml } from '@tessera/core/html';
import { scriptJson } from '../site/document.js';

/** The owner's pages: one Vite entry each in the storefront build (packages/storefront/src/admin/). */
export const ADMIN_ENTRIES = { login: 'src/admin/login.tsx', analytics: 'src/admin/analytics.tsx', restock: 'src/admin/restock.tsx' } as const;
export type AdminPage = keyof typeof ADMIN_ENTRIES;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface AdminAssets {
  script: string;
  css: string[];
  preload: string[];
}

/** The scripts and stylesheets of each owner page, read from Vite's manifest; absent when not built. */
export function readAdminBuild(dist: string): Partial<Record<AdminPage, AdminAssets>> {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return {};
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const assets: Partial<Record<AdminPage, AdminAssets>> = {};
  for (const [page, source] of Object.entries(ADMIN_ENTRIES) as [AdminPage, string][]) {
    const entry = manifest[source];
    if (!entry) continue;
    const css = new Set(entry.css ?? []);
    const preload = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || preload.has(chunk.file)) return;
      preload.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const i of entry.imports ?? []) visit(i);
    assets[page] = {
      script: STOREFRONT_PREFIX + entry.file,
      css: [...css].map((c) => STOREFRONT_PREFIX + c),
      preload: [...preload].map((p) => STOREFRONT_PREFIX + p),
    };
  }
  return assets;
}

/** The HTML around an owner page: its data as JSON (no inline script: the CSP stays strict) and its entry. */
export function adminShell(title: string, language: string, assets: AdminAssets | undefined, context: Record<string, unknown>): string {
  const head = assets
    ? [...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
      ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`)].join('\n')
    : '';
  const body = assets
    ? `<script type="module" src="${escapeHtml(assets.script)}"></script>`
    : '<p>The owner\'s pages are not built yet: run <code>npm run build</code>.</p>';
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
<script type="application/json" id="tessera-admin-context">${scriptJson(context)}</script>
<div id="tessera-admin"></div>
<noscript><p>The owner's pages need JavaScript.</p></noscript>
${body}
</body>
</html>
`;
}
