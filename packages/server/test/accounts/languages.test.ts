import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner } from '../helpers/passwords.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID, membersApp, type MembersSite } from './helpers.js';

const contextOf = (html: string) => JSON.parse(/<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(html)![1]!);

describe.each(DIALECTS)('languages on %s', (dialect) => {
  let site: MembersSite;
  let owner: Browser;
  beforeAll(async () => {
    site = await membersApp(dialect);
    await createTestOwner(site.store.db, WEBSITE_ID, 'owner@members.test', 'owner password 1');
    owner = new Browser(site.app);
    await owner.request('POST', '/api/owner/session', { email: 'owner@members.test', password: 'owner password 1' });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('answers the multilingual settings, status and languages', async () => {
    const b = new Browser(site.app);
    expect((await b.request('GET', '/api/multilingual/settings')).json).toEqual({
      primaryLanguage: 'en-US',
      languages: ['en-US', 'fr-FR'],
      connected: true,
      translationWidget: true,
      queryParameter: 'lang',
      cookieName: 'tessera_language',
    });
    expect((await b.request('GET', '/api/multilingual/status')).json).toEqual({
      status: 'CONNECTED',
      connected: true,
      languageCount: 2,
      currentLanguage: 'en-US',
    });
    const languages = (await b.request('GET', '/api/multilingual/languages')).json;
    expect(languages.languages).toEqual([
      { code: 'en-US', name: 'English (United States)', nativeName: 'English (US)', primary: true, published: true },
      { code: 'fr-FR', name: 'French (France)', nativeName: 'Français', primary: false, published: true },
    ]);
    expect(languages.available.map((l: { code: string }) => l.code)).toContain('de-DE');
  });

  it('shows the primary language with alternate-language links', async () => {
    const b = new Browser(site.app);
    const page = await b.request('GET', '/journal/roast-day');
    expect(page.body).toMatch(/<html lang="en-US">/);
    expect(page.headers['content-language']).toBe('en-US');
    expect(page.body).toContain('<link rel="alternate" hreflang="fr-FR" href="http://members.test/journal/roast-day?lang=fr-FR">');
    expect(page.body).toContain('<link rel="alternate" hreflang="en-US" href="http://members.test/journal/roast-day">');
    expect(page.body).toContain('<link rel="alternate" hreflang="x-default" href="http://members.test/journal/roast-day">');
    expect(page.body).toContain('Roast day');
    expect(page.body).toMatch(/May 1, 2024/);
    expect(contextOf(page.body).language).toBe('en-US');
    // The islands' words reach the browser only where they differ from English: none on an English page.
    expect(contextOf(page.body).localizedStrings).toBeUndefined();
  });

  it('switches the visitor to French: strings, translated titles, money and dates in that locale', async () => {
    const b = new Browser(site.app);
    const set = await b.request('POST', '/api/site-users/account/locale', { language: 'fr-fr' });
    expect(set.json).toEqual({ language: 'fr-FR' });
    expect(b.cookies.get('tessera_language')).toBe('fr-FR');
    const post = await b.page('/journal/roast-day');
    expect(post.json.website.language).toBe('fr-FR');
    expect(post.json.website.primaryLanguage).toBe('en-US');
    expect(post.json.item.title).toBe('Jour de torréfaction');
    expect(post.json.item.body).toBe('<p>Nous torréfions le mardi.</p>');
    expect(post.json.localizedStrings.productAddToCartText).toBe('Ajouter au panier');
    expect(post.json.localizedStrings.accountSignInText).toBe('Se connecter');
    expect(post.json.navigation.main.map((n: { title: string }) => n.title)).toEqual(['Boutique', 'Leçons', 'Journal', 'Secret plans']);
    expect(post.json.multilingual.languages.find((l: { current: boolean }) => l.current).code).toBe('fr-FR');
    const html = await b.request('GET', '/journal/roast-day');
    expect(html.body).toMatch(/<html lang="fr-FR">/);
    expect(html.headers['content-language']).toBe('fr-FR');
    expect(html.body).toMatch(/1 mai 2024/);
    expect(contextOf(html.body).language).toBe('fr-FR');
    // The islands' words in French; the server's own pages' words (no island reads them) stay on the server.
    expect(contextOf(html.body).localizedStrings.cartUnableToUpdateQuantityText).toBe('Impossible de modifier la quantité');
    expect(contextOf(html.body).localizedStrings.accountSignInText).toBeUndefined();
    const shop = await b.request('GET', '/');
    expect(shop.body).toContain('Tasse bleue');
    expect(shop.body).toMatch(/24,00\s\$US/);
    // The header and footer texts in French too.
    expect((await b.page('/')).json.headerFooter.header.announcement).toBe('Livraison offerte dès 75 $');
    // A language the site does not publish is refused.
    const de = await b.request('POST', '/api/site-users/account/locale', { language: 'de-DE' });
    expect(de.status).toBe(400);
    expect(de.json.code).toBe('LANGUAGE_UNAVAILABLE');
  });

  it("follows ?lang= links, remembering the choice; a member's choice follows them to another device", async () => {
    const b = new Browser(site.app);
    expect((await b.page('/journal?lang=fr-FR')).json.website.language).toBe('fr-FR');
    expect(b.cookies.get('tessera_language')).toBe('fr-FR');
    expect((await b.page('/journal')).json.website.language).toBe('fr-FR');
    expect((await b.page('/journal?lang=xx-YY')).json.website.language).toBe('fr-FR');
    const member = new Browser(site.app);
    await member.signUp('polyglot@example.com');
    const noToken = new Browser(site.app);
    await noToken.signIn('polyglot@example.com');
    noToken.xsrfToken = null;
    expect((await noToken.request('POST', '/api/site-users/account/locale', { language: 'fr-FR' })).json.code).toBe('XSRF_TOKEN_INVALID');
    expect((await member.request('POST', '/api/site-users/account/locale', { language: 'fr-FR' })).status).toBe(200);
    const device = new Browser(site.app);
    await device.signIn('polyglot@example.com');
    expect((await device.page('/journal')).json.website.language).toBe('fr-FR');
    expect((await device.request('GET', '/api/site-users/account')).json.locale).toBe('fr-FR');
  });

  it('lets the owner change the published languages and disconnect the translation', async () => {
    const bad = await owner.request('PUT', '/api/multilingual/languages', { languages: ['fr-FR'] });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.languages).toContain('en-US');
    expect((await owner.request('PUT', '/api/multilingual/languages', { languages: ['en-US', 'xx-XX'] })).status).toBe(400);
    expect((await owner.request('PUT', '/api/multilingual/languages', { languages: 'en-US' })).status).toBe(400);
    const put = await owner.request('PUT', '/api/multilingual/languages', { languages: ['en-US', 'fr-FR', 'de-DE'] });
    expect(put.json.languages).toEqual(['en-US', 'fr-FR', 'de-DE']);
    const german = new Browser(site.app);
    const page = await german.page('/journal?lang=de-DE');
    expect(page.json.website.language).toBe('de-DE');
    // German has no string table: English strings, German formats.
    expect(page.json.localizedStrings.productAddToCartText).toBe('Add To Cart');
    expect((await german.request('GET', '/journal?lang=de-DE')).body).toMatch(/1\. Mai 2024/);
    const off = await owner.request('DELETE', '/api/multilingual/connection');
    expect(off.json).toMatchObject({ connected: false, languages: ['en-US'], translationWidget: false });
    expect((await german.page('/journal')).json.website.language).toBe('en-US');
    expect((await german.request('GET', '/api/multilingual/status')).json.status).toBe('DISCONNECTED');
    expect((await german.request('POST', '/api/site-users/account/locale', { language: 'fr-FR' })).json.code).toBe('LANGUAGE_UNAVAILABLE');
    // Connecting again publishes the list again.
    expect((await owner.request('PUT', '/api/multilingual/languages', { languages: ['en-US', 'fr-FR'] })).json.connected).toBe(true);
  });
});
