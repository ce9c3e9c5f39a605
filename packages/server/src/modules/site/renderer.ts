import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { systemClock, type Clock } from '../../clock.js';
import { displayUrl, type Config } from '../../config.js';
import { ensureCrumb } from '../../http/crumb.js';
import { pageContentSecurityPolicy } from '../../http/security.js';
import { siteOrigin } from '../../http/origin.js';
import { safeRedirectTarget } from '../../http/paths.js';
import { PageType } from '../../constants.js';
import { SiteAccess } from './access.js';
import type { StorefrontBuild } from '../../http/storefront.js';
import { escapeHtml } from '@tessera/core/html';
import { pageStyles } from './styles.js';
import { ANONYMOUS, type BrowserContextHook, type BrowserVisitor, footersHtml, headersHtml } from './document.js';
import { errorPage, notFoundPage, type PageContext, type PageRequest, type PageResult } from './pages.js';
import { renderPartial, renderTemplate, type TemplateIssue } from './render.js';
import { PageCache } from './page-cache.js';
import { digestOf, RenderMemo } from './render-memo.js';
import { devFindings, withOverlay } from './dev-overlay.js';
import { loadsStripe, stripeBrowserSettings } from './context/stripe.js';
import { pageImageOrigins } from './context/layout-data/map-tiles.js';
import { normalizeHost, type SiteSnapshot, type SiteSnapshots } from './snapshot.js';
import type { LoadedTheme, ThemeCache } from './theme.js';

const SNAPSHOT = Symbol('tessera.snapshot');
type WithSnapshot = FastifyRequest & { [SNAPSHOT]?: SiteSnapshot | null };

/**
 * Turns a page result into an answer: the page context as JSON for `?format=json`, otherwise HTML
 * rendered through the site's theme (`site.region` around the page's template). Template errors are
 * logged with file, line and column, once per theme version; in dev mode syntax errors replace the page.
 */
/** Adds keys to every page's context before it is rendered (the commerce module adds `shoppingCart`). */
export type ContextHook = (request: FastifyRequest, snapshot: SiteSnapshot, context: PageContext) => Promise<void> | void;

export interface ContextHookOptions {
  /**
   * The hook reads the visitor's own cookies (their cart): what it adds is shown only by the theme's
   * visitor blocks, which complete a page kept for everyone for each visitor (page-cache.ts).
   */
  visitor?: boolean;
}

/** A page rendered with its visitor blocks left out, completed for a visitor from what the visitor hooks add. */
interface RenderedPage {
  status: number;
  /** Whether visitor blocks were left out (the theme declares some): then `complete` renders them per visitor. */
  holes: boolean;
  complete(visitorData: Record<string, unknown>): Buffer;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL never occurs in rendered HTML, so it cannot be mistaken for a hole's edge
const HOLE = /\u0000tessera-hole-(\d+)\u0000/;

/** Sources a module's feature needs in a site's pages' Content-Security-Policy (directive -> sources), or undefined. */
export type PolicyHook = (s: SiteSnapshot) => Readonly<Record<string, readonly string[]>> | undefined;

/** The language a request is shown in (the multilingual module sets one); the site's language without it. */
export type LanguageResolver = (request: FastifyRequest, snapshot: SiteSnapshot) => string;

/** Pages a site lock never hides: unsubscribing from mail must always work. */
const UNLOCKED_PAGE_TYPES: ReadonlySet<number> = new Set([PageType.NEWSLETTER_UNSUBSCRIBE]);

export class SiteRenderer {
  private readonly logged = new WeakMap<LoadedTheme, Set<string>>();
  private readonly pageHooks: ContextHook[] = [];
  private readonly visitorHooks: ContextHook[] = [];
  private languageResolver: LanguageResolver | null = null;
  /** Pages that are the same for every visitor, kept for a moment (site/page-cache.ts); off in dev mode. */
  readonly pageCache: PageCache;
  /** Pages rendered for a request, by a digest of all they read (site/render-memo.ts); off in dev mode. */
  readonly renderMemo = new RenderMemo<RenderedPage>();

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    readonly themes: ThemeCache,
    readonly snapshots: SiteSnapshots,
    private readonly storefront: StorefrontBuild,
    /** Who may see what: the lock screen, members' areas, protected pages (site/access.ts). */
    readonly access: SiteAccess = new SiteAccess(),
    /** The time pages are rendered at (what is past, how long ago, the zone's offset now). */
    private readonly clock: Clock = systemClock,
  ) {
    this.pageCache = new PageCache(!config.dev);
  }

  /** The language this request's page is shown in (the visitor's choice on a multilingual site). */
  languageOf(request: FastifyRequest, snapshot: SiteSnapshot): string {
    return this.languageResolver ? this.languageResolver(request, snapshot) : snapshot.language;
  }

  /**
   * The kept page of this request, sent as a fresh one is (crumb cookie and headers per request),
   * completed with the visitor's own blocks when they hold a cart; false without one (or when the
   * theme declares no visitor blocks and the visitor holds a cart). Answers whether it sent one (never
   * the reply itself: a reply is thenable, and awaiting it would wait for the answer to be written).
   */
  async sendKept(request: FastifyRequest, reply: FastifyReply, snapshot: SiteSnapshot, key: string): Promise<boolean> {
    const kept = this.pageCache.get(snapshot, key);
    if (!kept) return false;
    let body = kept.body;
    if (this.pageCache.hasVisitorCookie(request)) {
      if (!kept.personalize) return false;
      body = await kept.personalize(request);
    }
    ensureCrumb(request, reply);
    if (kept.contentSecurityPolicy) reply.header('content-security-policy', kept.contentSecurityPolicy);
    reply.header('cache-control', 'no-cache');
    if (kept.language) reply.header('content-language', kept.language);
    reply.header('vary', 'Cookie');
    reply.status(200).type('text/html; charset=utf-8').send(body);
    return true;
  }

  setLanguageResolver(resolver: LanguageResolver): void {
    this.languageResolver = resolver;
  }

  /** The site answering this request's Host, loaded once per request. */
  /** The site already resolved for this request (the site module's hook resolves it first), if any. */
  resolvedSite(request: FastifyRequest): SiteSnapshot | undefined {
    return (request as WithSnapshot)[SNAPSHOT] ?? undefined;
  }

  async snapshotFor(request: FastifyRequest): Promise<SiteSnapshot | undefined> {
    const r = request as WithSnapshot;
    if (r[SNAPSHOT] === undefined) r[SNAPSHOT] = (await this.snapshots.forHost(normalizeHost(request.host))) ?? null;
    return r[SNAPSHOT] ?? undefined;
  }

  /**
   * The scheme, host and port of every absolute URL made for this request (pages' canonical and
   * og: links, mailed links, the From of mail): the site's configured origin, never an unlisted Host.
   */
  originOf(request: FastifyRequest, snapshot?: SiteSnapshot): string {
    const site = snapshot ?? (request as WithSnapshot)[SNAPSHOT];
    // Links are only made for a request whose site was resolved (snapshotFor) first.
    if (!site) throw new Error('originOf: the request has no site');
    return siteOrigin(request, site, { publicUrl: this.config.publicUrl, fallback: displayUrl(this.config, this.config.port) });
  }

  pageRequest(request: FastifyRequest, snapshot: SiteSnapshot): PageRequest {
    const path = request.url.split('?', 1)[0]!;
    const baseUrl = this.originOf(request, snapshot);
    return {
      snapshot,
      path,
      query: (request.query ?? {}) as Record<string, unknown>,
      now: this.clock(),
      baseUrl,
      language: this.languageOf(request, snapshot),
      access: (c) => this.access.collection(request, snapshot, c),
    };
  }

  /** What other modules add to the browser context of every page (document.ts). */
  readonly browserContextHooks: BrowserContextHook[] = [];

  addBrowserContextHook(hook: BrowserContextHook): void {
    this.browserContextHooks.push(hook);
  }

  /** What other modules add to the Content-Security-Policy of a site's pages (directive -> sources), per site snapshot. */
  private readonly policyHooks: PolicyHook[] = [];

  addPolicyHook(hook: PolicyHook): void {
    this.policyHooks.push(hook);
  }

  private policySources(s: SiteSnapshot): Record<string, string[]> | undefined {
    let sources: Record<string, string[]> | undefined;
    for (const hook of this.policyHooks) {
      for (const [name, added] of Object.entries(hook(s) ?? {})) (sources ??= {})[name] = [...(sources[name] ?? []), ...added];
    }
    return sources;
  }

  addContextHook(hook: ContextHook, options: ContextHookOptions = {}): void {
    (options.visitor ? this.visitorHooks : this.pageHooks).push(hook);
  }

  /** What the visitor hooks add to a page's context for this request (the cart); empty for a visitor without one. */
  private async visitorData(request: FastifyRequest, snapshot: SiteSnapshot, context: PageContext): Promise<Record<string, unknown>> {
    const added: Record<string, unknown> = {};
    if (this.visitorHooks.length === 0) return added;
    const probe: PageContext = { ...context };
    for (const hook of this.visitorHooks) await hook(request, snapshot, probe);
    for (const key of Object.keys(probe)) if (probe[key] !== context[key]) added[key] = probe[key];
    return added;
  }

  /** Sends a page; with `cacheKey` (PageCache.keyFor), a full page with status 200 is kept for the next visitors. */
  async send(request: FastifyRequest, reply: FastifyReply, snapshot: SiteSnapshot, result: PageResult, cacheKey: string | null = null): Promise<FastifyReply> {
    // A locked site shows its lock screen (103) instead of any page, redirect or not-found answer.
    if (result.kind === 'redirect' || !UNLOCKED_PAGE_TYPES.has(result.context.pageType)) {
      const locked = await this.access.site(request, snapshot);
      if (locked) result = await locked.page(this.pageRequest(request, snapshot), null);
    }
    if (result.kind === 'redirect') return reply.redirect(safeRedirectTarget(result.location, '/'), 302);
    for (const hook of this.pageHooks) await hook(request, snapshot, result.context);
    const visitorData = await this.visitorData(request, snapshot, result.context);
    ensureCrumb(request, reply);
    reply.header('cache-control', 'no-cache');
    const language = (result.context.website as { language?: string } | undefined)?.language;
    if (language) reply.header('content-language', language);
    // The language, the member and the unlocked passwords come from cookies: caches must key on them.
    reply.header('vary', 'Cookie');
    const theme = await this.themes.forWebsite(snapshot.website);
    result.context.theme = { templateId: theme.templateId, version: theme.version, baseUrl: theme.baseUrl };
    withStyles(result.context, snapshot, theme);
    const format = (request.query as Record<string, unknown> | undefined)?.format;
    if (format === 'json' || format === 'json-pretty') {
      const full = { ...result.context, ...visitorData };
      const body = format === 'json' ? JSON.stringify(full) : JSON.stringify(full, null, 2);
      return reply.status(result.status).type('application/json; charset=utf-8').send(body);
    }
    // Only a page about to be kept leaves its visitor blocks as holes; any other (one rendered for this
    // request alone, or one that shows the cart itself) is rendered whole with the visitor's data.
    const keep = cacheKey !== null && request.routeOptions.config?.visitorPage !== true;
    // A page that loads Stripe.js, or shows a map's tiles, is sent with those exceptions to the policy (http/security.ts).
    const contentSecurityPolicy = pageContentSecurityPolicy({
      stripe: loadsStripe(stripeBrowserSettings(snapshot.store), result.context),
      imageOrigins: pageImageOrigins(result.context),
      sources: this.policySources(snapshot),
    });
    if (contentSecurityPolicy) reply.header('content-security-policy', contentSecurityPolicy);
    const page = this.memoizedPage(snapshot, theme, result, visitorOf(request, snapshot), visitorData, keep);
    const body = page.complete(visitorData);
    const forEveryone = Object.keys(visitorData).length === 0;
    if (cacheKey && page.status === 200 && (forEveryone || page.holes)) {
      const context = result.context;
      this.pageCache.set(snapshot, cacheKey, {
        body: forEveryone ? body : page.complete({}),
        language,
        contentSecurityPolicy,
        ...(page.holes ? { personalize: async (r: FastifyRequest) => page.complete(await this.visitorData(r, snapshot, context)) } : {}),
      });
    }
    return reply.status(page.status).type('text/html; charset=utf-8').send(body);
  }

  /**
   * The page rendered from the same data before (render-memo.ts), else rendered now and kept: the key
   * holds everything the render reads (the context after the hooks, with the visitor's data when it is
   * rendered in place; the visitor; the template, status and fallback; the second of the clock given to
   * the engine, as a kept page shows the clock up to a second late).
   */
  private memoizedPage(
    s: SiteSnapshot,
    theme: LoadedTheme,
    result: Extract<PageResult, { kind: 'page' }>,
    visitor: BrowserVisitor,
    visitorData: Record<string, unknown>,
    withHoles: boolean,
  ): RenderedPage {
    const render = () => this.renderPage(s, theme, result, visitor, visitorData, withHoles);
    if (this.config.dev) return render();
    const holes = withHoles && theme.conf.visitorBlocks.length > 0;
    const digest = digestOf(holes || Object.keys(visitorData).length === 0 ? result.context : { ...result.context, ...visitorData });
    if (digest === null) return render();
    const key =
      `${holes ? 'holes' : 'whole'} ${result.status} ${result.template} ${Math.floor(this.clock() / 1000)} ` +
      `${visitor.authenticated} ${visitor.websiteRoles.join(',')} ${visitor.accountId ?? ''}\u0000${result.fallbackHtml ?? ''}\u0000${digest}`;
    let page = this.renderMemo.get(s, theme, key);
    if (!page) {
      page = render();
      this.renderMemo.set(s, theme, key, page);
    }
    return page;
  }

  /**
   * Renders a page. With visitor blocks in the theme, the page is rendered once without the visitor's
   * data, those blocks left as holes; `complete` renders them for a visitor and joins the parts. A
   * theme without them renders the page with the visitor's data in place.
   */
  private renderPage(
    s: SiteSnapshot,
    theme: LoadedTheme,
    result: Extract<PageResult, { kind: 'page' }>,
    visitor: BrowserVisitor,
    visitorData: Record<string, unknown>,
    withHoles: boolean,
  ): RenderedPage {
    const blocks = new Set(withHoles ? theme.conf.visitorBlocks : []);
    // Encoded once: Fastify would otherwise measure the string's UTF-8 length, then the socket encode it
    // again (a page is a long concatenation that both passes must flatten); a kept page is sent as it is.
    if (blocks.size === 0) {
      const html = this.renderHtml(s, theme, { ...result, context: { ...result.context, ...visitorData } }, visitor);
      const body = Buffer.from(html.body);
      return { status: html.status, holes: false, complete: () => body };
    }
    const holes: string[] = [];
    const html = this.renderHtml(s, theme, result, visitor, (name, node, data) => {
      if (!blocks.has(name) || node !== data) return undefined;
      holes.push(name);
      return `\u0000tessera-hole-${holes.length - 1}\u0000`;
    });
    const parts = html.body.split(HOLE);
    // split() with a capturing group alternates text and hole numbers: text, n, text, n, ..., text.
    const segments = parts.filter((_, i) => i % 2 === 0).map((p) => Buffer.from(p));
    const order = parts.filter((_, i) => i % 2 === 1).map(Number);
    const opts = html.options;
    const fill = (data: Record<string, unknown>) =>
      order.map((n) => {
        const r = renderPartial(theme.compiled, holes[n]!, data, opts);
        this.logErrors(theme, r.errors);
        return Buffer.from(r.output);
      });
    const join = (filled: Buffer[]) => Buffer.concat(segments.flatMap((segment, i) => (i < filled.length ? [segment, filled[i]!] : [segment])));
    // The page for a visitor without a cart is made once, when first asked for.
    let anonymous: Buffer | undefined;
    return {
      status: html.status,
      holes: order.length > 0,
      complete: (data) => (Object.keys(data).length === 0 ? (anonymous ??= join(fill(html.data))) : join(fill({ ...html.data, ...data }))),
    };
  }

  /**
   * An owner's preview of an unsaved page (site/preview.ts): rendered whole through the site's theme
   * as `send` renders it for a visitor (page hooks, visitor hooks, `site.region` around the page), but
   * never kept, never behind the lock screen, and with every collector off (a preview is not a visit).
   */
  async renderPreview(
    request: FastifyRequest,
    snapshot: SiteSnapshot,
    result: Extract<PageResult, { kind: 'page' }>,
  ): Promise<{ status: number; body: string }> {
    for (const hook of this.pageHooks) await hook(request, snapshot, result.context);
    const visitorData = await this.visitorData(request, snapshot, result.context);
    const theme = await this.themes.forWebsite(snapshot.website);
    result.context.theme = { templateId: theme.templateId, version: theme.version, baseUrl: theme.baseUrl };
    const html = this.renderHtml(snapshot, theme, { ...result, context: { ...result.context, ...visitorData } }, visitorOf(request, snapshot), undefined, true);
    return { status: html.status, body: html.body };
  }

  async sendNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const snapshot = await this.snapshotFor(request);
    if (!snapshot) return reply.status(404).type('text/html; charset=utf-8').send(plainPage('Page Not Found', 'No site has been imported yet.'));
    return this.send(request, reply, snapshot, notFoundPage(this.pageRequest(request, snapshot)));
  }

  /** The error page (page type 101, status 500): through the theme when possible, never with details. */
  async sendError(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      const snapshot = await this.snapshotFor(request);
      if (snapshot) {
        const theme = await this.themes.forWebsite(snapshot.website);
        const result = errorPage(this.pageRequest(request, snapshot));
        const html = this.renderHtml(snapshot, theme, result, visitorOf(request, snapshot));
        return reply.status(500).type('text/html; charset=utf-8').send(html.body);
      }
    } catch (error) {
      this.log.error({ err: error }, 'the error page failed to render');
    }
    return reply.status(500).type('text/html; charset=utf-8').send(plainPage('Something went wrong', 'Please try again in a few moments.'));
  }

  private renderHtml(
    s: SiteSnapshot,
    theme: LoadedTheme,
    result: Extract<PageResult, { kind: 'page' }>,
    visitor: BrowserVisitor,
    holes?: (name: string, node: unknown, data: unknown) => string | undefined,
    preview = false,
  ): { status: number; body: string; data: Record<string, unknown>; options: { locale: string; timeZone: string; now: number } } {
    const context = result.context;
    context.theme ??= { templateId: theme.templateId, version: theme.version, baseUrl: theme.baseUrl };
    withStyles(context, s, theme);
    // The engine's formatters (money, dates) speak the page's language.
    const options = { locale: (context.website as { language?: string } | undefined)?.language ?? s.language, timeZone: s.timeZone, now: this.clock() };
    if (this.config.dev && theme.compiled.syntaxErrors.length > 0) {
      return { status: 500, body: devErrorPage(theme.compiled.syntaxErrors), data: context, options };
    }
    const data: Record<string, unknown> = {
      ...context,
      'squarespace-headers': headersHtml(
        s,
        theme,
        this.storefront,
        context,
        { censusDisabled: this.config.analytics.censusDisabled, hooks: this.browserContextHooks, preview },
        visitor,
      ),
      'squarespace-footers': footersHtml(this.storefront),
    };
    const opts = holes ? { ...options, holes: (name: string, node: unknown) => holes(name, node, data) } : options;
    const errors: TemplateIssue[] = [];
    let main = '';
    if (theme.compiled.templates.has(result.template)) {
      const r = renderTemplate(theme.compiled, result.template, data, opts);
      main = r.output;
      errors.push(...r.errors);
    } else if (result.template === 'pages/not-found.page' || result.template === 'pages/error.page') {
      main = fallbackMain(context);
    } else if (result.fallbackHtml !== undefined) {
      main = result.fallbackHtml;
    } else {
      errors.push({ file: result.template, line: 0, column: 0, message: `The theme has no template ${result.template}.` });
    }
    data.squarespace = { 'main-content': main };
    const layout = renderTemplate(theme.compiled, 'site.region', data, opts);
    errors.push(...layout.errors);
    this.logErrors(theme, errors);
    // Dev mode shows the theme check's findings over the page; never in the page editor's preview.
    const body =
      this.config.dev && !preview
        ? withOverlay(
            layout.output,
            devFindings(
              theme,
              s.collections.map((c) => c.type_name),
              this.log,
            ),
          )
        : layout.output;
    return { status: result.status, body, data, options };
  }

  private logErrors(theme: LoadedTheme, errors: TemplateIssue[]): void {
    if (errors.length === 0) return;
    let seen = this.logged.get(theme);
    if (!seen) this.logged.set(theme, (seen = new Set()));
    for (const e of errors) {
      const key = `${e.file}:${e.line}:${e.column}:${e.message}`;
      if (seen.has(key)) continue; // once per theme version, not once per request
      seen.add(key);
      this.log.error({ template: e.file, line: e.line, column: e.column, code: e.code }, `template error: ${e.message}`);
    }
  }
}

/** The context key `styles` (docs/site-format.md), for a theme that declares style settings. */
function withStyles(context: Record<string, unknown>, s: SiteSnapshot, theme: LoadedTheme): void {
  const styles = pageStyles(s, theme).context;
  if (styles && context.styles === undefined) context.styles = styles;
}

/** The site owner signed in to this site browses as authenticated, with the account's roles. */
function visitorOf(request: FastifyRequest, s: SiteSnapshot): BrowserVisitor {
  const owner = request.owner;
  const member = (request as { siteUser?: { id: string; websiteId: string } | null }).siteUser;
  const accountId = member && member.websiteId === s.website.id ? member.id : null;
  if (owner && owner.websiteId === s.website.id) return { authenticated: true, websiteRoles: owner.websiteRoles, accountId };
  return accountId ? { ...ANONYMOUS, accountId } : ANONYMOUS;
}

function fallbackMain(context: Record<string, unknown>): string {
  const strings = context.localizedStrings as Record<string, string>;
  const notFound = context.pageType === 100;
  const title = notFound ? strings.notFoundTitleText : strings.errorTitleText;
  const body = notFound ? strings.notFoundBodyText : strings.errorBodyText;
  return `<h1>${escapeHtml(title ?? '')}</h1>\n<p>${escapeHtml(body ?? '')}</p>\n`;
}

function plainPage(title: string, body: string): string {
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>\n`
  );
}

/** Dev mode: the theme's syntax errors instead of the page, each with file, line and column. */
function devErrorPage(errors: TemplateIssue[]): string {
  const rows = errors.map((e) => `<li><code>${escapeHtml(e.file)}:${e.line}:${e.column}</code> ${escapeHtml(e.message)}</li>`).join('\n');
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Template errors</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#222}code{background:#f3f3f3;padding:0 .25em}li{margin:.5em 0}</style>` +
    `</head><body><h1>Template errors</h1><p>The theme has ${errors.length} syntax error${errors.length === 1 ? '' : 's'}. ` +
    `Fix ${errors.length === 1 ? 'it' : 'them'} and reload.</p>\n<ul class="template-errors">\n${rows}\n</ul></body></html>\n`
  );
}
