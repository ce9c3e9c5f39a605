import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { isObject } from '../../site-dir/checker.js';
import { checker } from '../../http/validate.js';
import type { CommerceDeps } from '../commerce/index.js';
import { sitePhrase } from '../site/index.js';
import { updateWebsiteSettings } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';

/** A link of the header or the footer: a path of the site or an http(s) address. */
const Url = Type.String({ maxLength: 500, pattern: '^(/(?!/)[^\\s]*|https?://[^\\s]+)?$' });
const Link = Type.Object({ title: Type.String({ minLength: 1, maxLength: 60 }), url: Url }, { additionalProperties: false });

const Header = Type.Object(
  {
    /** A line above the header ("Free shipping over $75"); empty: none. */
    announcement: Type.Optional(Type.String({ maxLength: 200 })),
    announcementUrl: Type.Optional(Url),
    /** Extra links beside the navigation. */
    links: Type.Optional(Type.Array(Link, { maxItems: 10 })),
    showSearch: Type.Optional(Type.Boolean()),
    showCart: Type.Optional(Type.Boolean()),
    /** The visitor account's link (sign in, or the member's account). */
    showAccount: Type.Optional(Type.Boolean()),
    /** The language switcher (when the site publishes several languages). */
    showLanguages: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const Footer = Type.Object(
  {
    /** A plain-text line (no HTML) at the foot of every page. */
    text: Type.Optional(Type.String({ maxLength: 500 })),
    links: Type.Optional(Type.Array(Link, { maxItems: 20 })),
    showSocialLinks: Type.Optional(Type.Boolean()),
    showNewsletter: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const Body = Type.Object({ header: Header, footer: Footer }, { additionalProperties: false });
const checkBody = checker(Body);

export type SiteHeader = Required<Static<typeof Header>>;
export type SiteFooter = Required<Static<typeof Footer>>;

/** The header and footer as stored (site.json `settings.headerFooter`), with every field present. */
function headerFooterOf(s: SiteSnapshot): { header: SiteHeader; footer: SiteFooter } {
  const raw = isObject(s.settings.headerFooter) ? s.settings.headerFooter : {};
  const h = isObject(raw.header) ? raw.header : {};
  const f = isObject(raw.footer) ? raw.footer : {};
  const links = (v: unknown) =>
    Array.isArray(v)
      ? v
          .filter(isObject)
          .filter((l) => typeof l.title === 'string' && typeof l.url === 'string')
          .map((l) => ({ title: l.title as string, url: l.url as string }))
      : [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const flag = (v: unknown) => v !== false;
  return {
    header: {
      announcement: text(h.announcement),
      announcementUrl: text(h.announcementUrl),
      links: links(h.links),
      showSearch: flag(h.showSearch),
      showCart: flag(h.showCart),
      showAccount: flag(h.showAccount),
      showLanguages: flag(h.showLanguages),
    },
    footer: { text: text(f.text), links: links(f.links), showSocialLinks: flag(f.showSocialLinks), showNewsletter: flag(f.showNewsletter) },
  };
}

/**
 * The site's header and footer (storefront.md and platform.md section 7):
 *   GET /api/site-header-footer  -> { header, footer }
 *   PUT /api/site-header-footer  { header, footer } -> { header, footer }: replaces both (the site's staff with
 *       editHeaderFooter: admin, editor, website manager; 401 signed out, 403 for other roles)
 * Stored in the site's settings (exported with it); every page's context has `headerFooter`, its
 * texts in the page's language (site phrases), and the theme renders it.
 */
export const headerFooterPlugin = fp(
  async (app: FastifyInstance, deps: CommerceDeps) => {
    const { renderer, store } = deps;

    renderer.addContextHook((_request, s, context) => {
      const { header, footer } = headerFooterOf(s);
      const language = (context.website as { language?: string } | undefined)?.language;
      const t = (text: string) => (text ? sitePhrase(s, language, text) : text);
      context.headerFooter = {
        header: { ...header, announcement: t(header.announcement), links: header.links.map((l) => ({ ...l, title: t(l.title) })) },
        footer: { ...footer, text: t(footer.text), links: footer.links.map((l) => ({ ...l, title: t(l.title) })) },
      };
    });

    app.get('/api/site-header-footer', async (request, reply) => reply.header('cache-control', 'no-store').send(headerFooterOf(request.site)));

    app.put('/api/site-header-footer', { bodyLimit: 32 * 1024, config: { permission: 'editHeaderFooter' } }, async (request, reply) => {
      const s = request.site;
      const body = checkBody(request.body);
      if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
      const updated = await updateWebsiteSettings(
        store,
        s.website.id,
        (settings) => {
          settings.headerFooter = JSON.parse(JSON.stringify(body.value));
        },
        deps.clock(),
      );
      return reply.header('cache-control', 'no-store').send(headerFooterOf({ ...s, settings: updated }));
    });
  },
  { name: 'tessera-header-footer' },
);
