// A theme as its tests read it: the files the server renders (its own, and those of the built-in theme it
// extends that it does not have itself, by the server's own reader), and a page rendered as the server
// renders it. Every theme's tests share it; a theme built on another holds only what differs.
import { join } from 'node:path';
import { compile } from '@tessera/template';
import { readThemeFolder } from '@tessera/server';
import { NOW, pageFor } from './page-context.js';

const THEMES = join(import.meta.dirname, '..', '..');
const TEMPLATE = /\.(region|list|item|page|block)$/;

export interface ThemeFiles {
  /** Every file of the theme but its tests, by path. */
  paths: string[];
  /** The theme's template files (layouts, collection and page templates, blocks), by path. */
  templates: string[];
  /** Whether the theme has a file, its own or its base's. */
  has: (path: string) => boolean;
  source: (path: string) => string;
  /** The blocks, by the name a template applies them with ("header.block"). */
  partials: Record<string, string>;
  /** Renders a page as the server does: the page's template, then site.region around it. */
  renderPage: (path: string, shoppingCart?: Record<string, unknown>, extra?: Record<string, unknown>) => { html: string; errors: string[] };
}

/** The built-in theme of this name (a folder of themes/), with its base. */
export async function readTheme(name: string): Promise<ThemeFiles> {
  const files = await readThemeFolder(join(THEMES, name), THEMES);
  const paths = [...files.keys()].filter((p) => !p.startsWith('test/'));
  const source = (path: string) => {
    const content = files.get(path);
    if (!content) throw new Error(`the theme ${name} has no ${path}`);
    return content.toString('utf8');
  };
  const partials = Object.fromEntries(paths.filter((p) => p.startsWith('blocks/')).map((p) => [p.slice('blocks/'.length), source(p)]));
  const renderPage: ThemeFiles['renderPage'] = (path, shoppingCart, extra = {}) => {
    const { template, context } = pageFor(path, shoppingCart);
    Object.assign(context, extra);
    const options = { partials, now: NOW, locale: 'en-US' };
    const main = compile(source(template)).render(context, options);
    const layout = compile(source('site.region')).render(
      {
        ...context,
        squarespace: { 'main-content': main.output },
        'squarespace-headers': '<link rel="stylesheet" href="/styles.css">',
        'squarespace-footers': '<script src="/bootstrap.js"></script>',
      },
      options,
    );
    return { html: layout.output, errors: [...main.errors, ...layout.errors].map((e) => `${template}: ${e.message}`) };
  };
  return { paths, templates: paths.filter((p) => TEMPLATE.test(p)), has: (path) => files.has(path), source, partials, renderPage };
}
