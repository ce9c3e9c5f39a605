import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../constants.js';
import { AppError } from '../../errors.js';
import { escapeHtml } from '@tessera/core/html';
import { baseContext } from '../site/index.js';
import type { SiteRenderer } from '../site/index.js';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH, type MailingList } from './mailing-list.js';

export interface NewsletterPluginOptions {
  renderer: SiteRenderer;
  mailingList: MailingList;
}

/** Texts of the mailing list's pages when the theme has no template for them. */
const NEWSLETTER_TEXTS = Object.freeze({
  confirmedTitle: 'Subscription confirmed',
  confirmedBody: 'Thank you: {email} will receive the newsletter of {siteTitle}.',
  unsubscribedTitle: 'Unsubscribed',
  unsubscribedBody: '{email} is no longer subscribed to the newsletter of {siteTitle}. Sign up again to receive it.',
  invalidTitle: 'This link is not valid',
  invalidBody: 'The link may be incomplete or may have expired. Sign up again to get a new one.',
  unsubscribeTitle: 'Newsletter',
  unsubscribeBody: 'We are sorry to see you go. You will not receive any more newsletters from {siteTitle}.',
  unsubscribeDone: 'You have been unsubscribed.',
});

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => escapeHtml(values[k] ?? m));

const tokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 512 })) });

/**
 * The mailing list's pages and API: the confirmation link of double opt-in, the newsletter-unsubscribe
 * page (page type 300) and the unsubscribe call its island makes. The pages render through the site's
 * theme (`pages/newsletter-confirmed.page`, `pages/newsletter-unsubscribe.page`) with plain fallbacks.
 */
export async function newsletterPlugin(root: FastifyInstance, opts: NewsletterPluginOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { renderer, mailingList } = opts;

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    build: (snapshot: NonNullable<Awaited<ReturnType<SiteRenderer['snapshotFor']>>>) => Promise<{
      status: number;
      pageType: number;
      template: string;
      extra: Record<string, unknown>;
      fallbackHtml: string;
    }>,
  ) => {
    const snapshot = await renderer.snapshotFor(request);
    if (!snapshot) return renderer.sendNotFound(request, reply);
    const built = await build(snapshot);
    const context = { ...baseContext(renderer.pageRequest(request, snapshot), built.pageType), ...built.extra };
    // Links in mail carry a token: the page must never be cached or leak it onwards.
    reply.header('referrer-policy', 'no-referrer');
    return renderer.send(request, reply, snapshot, { kind: 'page', status: built.status, template: built.template, context, fallbackHtml: built.fallbackHtml });
  };

  // Double opt-in. Following the link is idempotent, so a GET may do it.
  app.get(CONFIRM_PATH, { schema: { querystring: tokenQuery } }, async (request, reply) =>
    page(request, reply, async (s) => {
      const result = await mailingList.confirm(s.website.id, request.query.token);
      const values = { email: result?.email ?? '', siteTitle: s.siteTitle };
      const [title, body] = !result
        ? [NEWSLETTER_TEXTS.invalidTitle, NEWSLETTER_TEXTS.invalidBody]
        : result.status === 'subscribed'
          ? [NEWSLETTER_TEXTS.confirmedTitle, NEWSLETTER_TEXTS.confirmedBody]
          : [NEWSLETTER_TEXTS.unsubscribedTitle, NEWSLETTER_TEXTS.unsubscribedBody];
      return {
        status: result ? 200 : 400,
        pageType: PageType.PAGE,
        template: 'pages/newsletter-confirmed.page',
        extra: { newsletterSubscription: result ? { email: result.email, status: result.status } : { email: null, status: 'invalid' } },
        fallbackHtml: `<h1>${escapeHtml(title)}</h1>\n<p>${fill(body, values)}</p>\n`,
      };
    }),
  );

  // The unsubscribe page only shows; its island unsubscribes with a POST, so that mail scanners
  // that open links do not unsubscribe anyone.
  app.get(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery } }, async (request, reply) =>
    page(request, reply, async (s) => ({
      status: 200,
      pageType: PageType.NEWSLETTER_UNSUBSCRIBE,
      template: 'pages/newsletter-unsubscribe.page',
      extra: {},
      fallbackHtml:
        `<h1>${escapeHtml(NEWSLETTER_TEXTS.unsubscribeTitle)}</h1>\n` +
        '<div id="tessera-newsletter-unsubscribe" data-tessera-island="newsletter-unsubscribe">' +
        `<p>${fill(NEWSLETTER_TEXTS.unsubscribeBody, { siteTitle: s.siteTitle })}</p></div>\n`,
    })),
  );

  // Unsubscribing must work on a locked site too.
  app.post(
    '/api/newsletter/unsubscribe',
    { schema: { body: Type.Object({ token: Type.String({ maxLength: 512 }) }) }, config: { openWhenLocked: true } },
    async (request) => {
      const snapshot = request.site;
      const result = await mailingList.unsubscribe(snapshot.website.id, request.body.token);
      if (!result) throw new AppError('MAILING_LIST_TOKEN_INVALID');
      return { data: { email: result.email, status: result.status } };
    },
  );
}
