import { isApiRequest } from '../../http/paths.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeLanguage } from '@tessera/core';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import type { CommerceDeps } from '../commerce/index.js';
import { memberOf, xsrfMatches } from '../accounts/index.js';
import { sharedDeep, updateWebsiteSettings } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { LANGUAGE_COOKIE, LANGUAGE_PARAMETER, MAX_LANGUAGES, availableLanguages, languageView, multilingualSettings, publishedLanguage } from './settings.js';

const LocaleBody = Type.Object({ language: Type.String({ minLength: 1, maxLength: 35 }) }, { additionalProperties: false });
const LanguagesBody = Type.Object(
  { languages: Type.Array(Type.String({ maxLength: 35 }), { minItems: 1, maxItems: MAX_LANGUAGES }) },
  { additionalProperties: false },
);
const checkLocale = checker(LocaleBody);
const checkLanguages = checker(LanguagesBody);

/**
 * The page's language, in order: `?lang=` (the alternate-language links), the visitor's choice
 * (the `tessera_language` cookie), the signed-in member's language, the site's primary language.
 * Only languages the site publishes count.
 */
function resolveLanguage(request: FastifyRequest, s: SiteSnapshot): string {
  const settings = multilingualSettings(s);
  if (!settings.connected) return s.language;
  const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAMETER];
  return (
    publishedLanguage(s, query) ??
    publishedLanguage(s, request.cookies[LANGUAGE_COOKIE]) ??
    publishedLanguage(s, memberOf(request, s.website.id)?.locale) ??
    s.language
  );
}

/** A page's URL in another language: its path with `?lang=` (other parameters but the page's own kept). */
function languageUrl(baseUrl: string, path: string, query: Record<string, unknown>, code: string, primary: string): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (k !== LANGUAGE_PARAMETER && k !== 'format' && typeof v === 'string') params.set(k, v);
  if (code !== primary) params.set(LANGUAGE_PARAMETER, code);
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * Languages (storefront.md section 7, platform.md section 7):
 *   GET    /api/multilingual/settings     -> { primaryLanguage, languages, connected, translationWidget, queryParameter, cookieName }
 *   GET    /api/multilingual/status       -> { status: CONNECTED | DISCONNECTED, connected, languageCount, currentLanguage }
 *   GET    /api/multilingual/languages    -> { languages: [{ code, name, nativeName, primary, published }], available }
 *   PUT    /api/multilingual/languages    { languages } -> the settings (the site's staff with manageLanguages)
 *   DELETE /api/multilingual/connection   -> the settings: only the primary language is published (manageLanguages)
 *   POST   /api/site-users/account/locale { language } -> { language }: the visitor's choice (a cookie; a member's account too)
 * Pages carry `lang`, `Content-Language`, the alternate-language links (`languages`) and the strings and
 * formatters of their language.
 */
export const multilingualPlugin = fp(
  async (app: FastifyInstance, deps: CommerceDeps) => {
    const { renderer, store } = deps;
    renderer.setLanguageResolver(resolveLanguage);
    const settingsAnswer = (s: SiteSnapshot) => ({
      ...multilingualSettings(s),
      queryParameter: LANGUAGE_PARAMETER,
      cookieName: LANGUAGE_COOKIE,
    });

    // Every page: its languages, for the switcher and the <link rel="alternate" hreflang> links. The
    // same for every request of an address in a language, so kept per site version (a shared object
    // that the render memo names by identity, render-memo.ts).
    const views = new WeakMap<SiteSnapshot, Map<string, Record<string, unknown>>>();
    renderer.addContextHook((request, s, context) => {
      const website = context.website as { language?: string; baseUrl?: string } | undefined;
      const current = website?.language ?? s.language;
      const key = `${current}\u0000${website?.baseUrl ?? ''}\u0000${request.url}`;
      let bySite = views.get(s);
      if (!bySite) views.set(s, (bySite = new Map()));
      const known = bySite.get(key);
      if (known) {
        context.multilingual = known;
        return;
      }
      const settings = multilingualSettings(s);
      const path = request.url.split('?', 1)[0]!;
      const query = (request.query ?? {}) as Record<string, unknown>;
      const view = {
        translationWidget: settings.translationWidget,
        // Several languages: pages carry <link rel="alternate" hreflang> links to each.
        alternates: settings.languages.length > 1,
        currentLanguage: current,
        // What a canonical link of this page adds for its language (its own URL, not the primary language's).
        canonicalQuery: current === settings.primaryLanguage ? '' : `?${LANGUAGE_PARAMETER}=${current}`,
        languages: settings.languages.map((code) => ({
          ...languageView(code, settings),
          current: code === current,
          url: languageUrl(website?.baseUrl ?? '', path, query, code, settings.primaryLanguage),
        })),
      };
      // At most this many addresses per site version: the oldest goes first.
      if (bySite.size >= 500) bySite.delete(bySite.keys().next().value!);
      bySite.set(key, sharedDeep(view));
      context.multilingual = view;
    });

    // Following a page's `?lang=` link makes that language the visitor's choice for the next pages too.
    app.addHook('onRequest', async (request, reply) => {
      const wanted = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAMETER];
      if (request.method !== 'GET' || wanted === undefined || isApiRequest(request)) return;
      const s = await renderer.snapshotFor(request);
      const language = s ? publishedLanguage(s, wanted) : null;
      if (language && request.cookies[LANGUAGE_COOKIE] !== language) {
        reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https', maxAge: 365 * 86_400 });
      }
    });

    app.get('/api/multilingual/settings', async (request, reply) => reply.header('cache-control', 'no-store').send(settingsAnswer(request.site)));

    app.get('/api/multilingual/status', async (request, reply) => {
      const s = request.site;
      const settings = multilingualSettings(s);
      return reply.header('cache-control', 'no-store').send({
        status: settings.connected ? 'CONNECTED' : 'DISCONNECTED',
        connected: settings.connected,
        languageCount: settings.languages.length,
        currentLanguage: resolveLanguage(request, s),
      });
    });

    app.get('/api/multilingual/languages', async (request, reply) => {
      const s = request.site;
      const settings = multilingualSettings(s);
      return reply
        .header('cache-control', 'no-store')
        .send({ languages: settings.languages.map((c) => languageView(c, settings)), available: availableLanguages() });
    });

    app.put('/api/multilingual/languages', { bodyLimit: 4096, config: { permission: 'manageLanguages' } }, async (request, reply) => {
      const s = request.site;
      const body = checkLanguages(request.body);
      if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
      const codes = body.value.languages.map(normalizeLanguage);
      const unknown = body.value.languages.filter((_, i) => codes[i] === null);
      if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', undefined, { languages: `Tessera does not publish ${unknown.join(', ')}` });
      const primary = normalizeLanguage(s.language) ?? s.language;
      if (!codes.includes(primary))
        throw new AppError('VALIDATION_FAILED', undefined, { languages: `The site's primary language ${primary} must stay published` });
      const updated = await updateWebsiteSettings(
        store,
        s.website.id,
        (settings) => {
          const current =
            settings.multilingual && typeof settings.multilingual === 'object' && !Array.isArray(settings.multilingual) ? settings.multilingual : {};
          settings.multilingual = { ...current, languages: [...new Set(codes as string[])], connected: true };
        },
        deps.clock(),
      );
      return reply.header('cache-control', 'no-store').send(settingsAnswer({ ...s, settings: updated }));
    });

    app.delete('/api/multilingual/connection', { config: { permission: 'manageLanguages' } }, async (request, reply) => {
      const s = request.site;
      const updated = await updateWebsiteSettings(
        store,
        s.website.id,
        (settings) => {
          const current =
            settings.multilingual && typeof settings.multilingual === 'object' && !Array.isArray(settings.multilingual) ? settings.multilingual : {};
          settings.multilingual = { ...current, connected: false };
        },
        deps.clock(),
      );
      return reply.header('cache-control', 'no-store').send(settingsAnswer({ ...s, settings: updated }));
    });

    app.post('/api/site-users/account/locale', { bodyLimit: 1024 }, async (request, reply) => {
      const s = request.site;
      const body = checkLocale(request.body);
      if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
      const language = publishedLanguage(s, body.value.language);
      if (!language) throw new AppError('LANGUAGE_UNAVAILABLE');
      const member = memberOf(request, s.website.id);
      if (member) {
        // For a member it is an account call: the choice follows them to every device.
        if (!xsrfMatches(request, member)) throw new AppError('XSRF_TOKEN_INVALID');
        await store.db.updateTable('site_users').set({ locale: language, updated_on: deps.clock() }).where('id', '=', member.id).execute();
      }
      reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https', maxAge: 365 * 86_400 });
      return reply.header('cache-control', 'no-store').send({ language });
    });
  },
  { name: 'tessera-multilingual' },
);
