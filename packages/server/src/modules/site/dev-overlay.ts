import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '@tessera/core/html';
import { checkTheme, summarize, type Finding } from '../../theme-check/index.js';
import type { Store } from '../../storage/dialect.js';
import { listCollections } from '../../storage/content.js';
import type { LoadedTheme, ThemeCache } from './theme.js';

// Dev mode only: the theme check's findings over every page, so a theme developer sees what
// `tessera theme check` would report without leaving the browser. A changed theme file makes a new
// LoadedTheme (theme.ts drops the old one), so the next page load checks the files again.

const checked = new WeakMap<LoadedTheme, Map<string, Finding[]>>();

/** The findings of a theme for a site with these collection types, checked once per theme version and logged then. */
export function devFindings(theme: LoadedTheme, collectionTypes: readonly string[], log: FastifyBaseLogger): Finding[] {
  let byTypes = checked.get(theme);
  if (!byTypes) checked.set(theme, (byTypes = new Map()));
  const key = [...collectionTypes].sort().join(',');
  let findings = byTypes.get(key);
  if (!findings) {
    const files = new Map([...theme.files].map(([p, content]) => [p, content.toString('utf8')] as const));
    findings = checkTheme({ files, collectionTypes, baseProblem: theme.baseProblem });
    byTypes.set(key, findings);
    const s = summarize(findings);
    log.info({ theme: theme.dir ?? theme.templateId, ...s }, 'theme check');
    for (const f of findings) {
      if (f.level === 'recommendation') continue;
      log.warn({ template: f.file, line: f.line, column: f.column, code: f.code, severity: f.level }, `theme check: ${f.message}`);
    }
  }
  return findings;
}

const STYLE =
  '#tessera-theme-check{position:fixed;inset:auto 0 0 0;z-index:2147483647;margin:0;width:auto;max-width:none;max-height:40vh;overflow:auto;' +
  'padding:.75rem 1rem;border:0;border-top:3px solid #b3261e;background:#fff;color:#1b1b1b;font:14px/1.45 system-ui,sans-serif;box-shadow:0 -4px 16px rgba(0,0,0,.15)}' +
  '#tessera-theme-check h2{font:600 15px/1.3 system-ui,sans-serif;color:inherit;margin:0 0 .5rem}#tessera-theme-check ul{margin:0 0 .5rem;padding-left:1.25rem}' +
  '#tessera-theme-check code{background:#f1f1f1;padding:0 .25em;overflow-wrap:anywhere}#tessera-theme-check .error{color:#b3261e;font-weight:600}' +
  '#tessera-theme-check .warning{color:#7a4a00;font-weight:600}#tessera-theme-check button{font:inherit;padding:.35rem .9rem;border:1px solid #1b1b1b;' +
  'border-radius:4px;background:#1b1b1b;color:#fff;cursor:pointer}#tessera-theme-check button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}';

/**
 * The panel: errors and warnings with file:line:column, fixed at the bottom of the page. A non-modal
 * dialog closed by its form's button needs no script (the page's policy allows only the site's own).
 */
function overlayHtml(findings: readonly Finding[]): string {
  const shown = findings.filter((f) => f.level !== 'recommendation');
  if (shown.length === 0) return '';
  const s = summarize(shown);
  const title = [s.errors ? `${s.errors} error${s.errors === 1 ? '' : 's'}` : '', s.warnings ? `${s.warnings} warning${s.warnings === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(', ');
  const rows = shown
    .map(
      (f) =>
        `<li><code>${escapeHtml(f.file)}:${f.line}:${f.column}</code> <span class="${f.level}">${f.level}</span> ` +
        `<code>${escapeHtml(f.code)}</code> ${escapeHtml(f.message)}</li>`,
    )
    .join('');
  return (
    `<dialog open id="tessera-theme-check" aria-labelledby="tessera-theme-check-title"><style>${STYLE}</style>` +
    `<h2 id="tessera-theme-check-title">Theme check: ${title}</h2><ul>${rows}</ul>` +
    `<p>Run <code>tessera theme check</code> for the full report; docs/theme-check.md explains each code.</p>` +
    `<form method="dialog"><button type="submit">Dismiss</button></form></dialog>`
  );
}

/** The page with the panel before its closing body tag (at its end when it has none). */
export function withOverlay(html: string, findings: readonly Finding[]): string {
  const panel = overlayHtml(findings);
  if (!panel) return html;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + panel : html.slice(0, at) + panel + html.slice(at);
}

/** At start, every site's theme checked and its findings logged, before any page is asked for. */
export async function checkThemesOnStart(store: Store, themes: ThemeCache, log: FastifyBaseLogger): Promise<void> {
  const websites = await store.db.selectFrom('websites').selectAll().execute();
  for (const website of websites) {
    try {
      const [theme, collections] = await Promise.all([themes.forWebsite(website), listCollections(store.db, website.id)]);
      devFindings(
        theme,
        collections.map((c) => c.type_name),
        log,
      );
    } catch (error) {
      log.warn({ site: website.identifier, err: (error as Error).message }, 'theme check could not run');
    }
  }
}
