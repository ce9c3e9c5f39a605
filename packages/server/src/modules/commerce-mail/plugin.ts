import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { PageType } from '../../constants.js';
import { siteSender } from '../../mail/site.js';
import { renderMail } from '../../mail/templates/index.js';
import { escapeHtml } from '@tessera/core/html';
import type { Store } from '../../storage/dialect.js';
import { baseContext, notFoundPage } from '../site/index.js';
import type { SiteRenderer } from '../site/index.js';
import { PREVIEW_KINDS, sampleInput, type PreviewKind } from './samples.js';
import './templates.js';
import { deliveryPreviewPage } from './delivery-preview.js';

const EMAIL_PREVIEW_PATH = '/config/email-preview';
/** Who a preview is addressed to: nobody real. */
const PREVIEW_RECIPIENT = 'customer@example.com';

export interface CommerceMailPluginOptions {
  store: Store;
  renderer: SiteRenderer;
  clock: Clock;
  mailFrom: string;
}

/**
 * The owner's commerce email previews (page type 301, `pages/commerce-email-preview.page`):
 *   GET /config/email-preview           -> the first kind
 *   GET /config/email-preview/<kind>    a sample of the kind's mail, made of the site's own products, as the buyer gets it
 * The previews declare previewCommerceEmail; others go to the sign-in page. The page context's
 * `emailPreview` holds the kinds, the subject, the From and both bodies.
 */
export async function commerceMailPlugin(app: FastifyInstance, opts: CommerceMailPluginOptions): Promise<void> {
  const { store, renderer } = opts;
  deliveryPreviewPage(app, opts);

  app.get(EMAIL_PREVIEW_PATH, async (_request, reply) => reply.redirect(`${EMAIL_PREVIEW_PATH}/${PREVIEW_KINDS[0].kind}`, 302));

  app.get(`${EMAIL_PREVIEW_PATH}/:kind`, { config: { permission: 'previewCommerceEmail' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const s = await renderer.snapshotFor(request);
    if (!s) return renderer.sendNotFound(request, reply);
    const kind = (request.params as { kind: string }).kind;
    const req = renderer.pageRequest(request, s);
    const current = PREVIEW_KINDS.find((k) => k.kind === kind);
    if (!current) return renderer.send(request, reply, s, notFoundPage(req));
    const sender = siteSender(s, req.baseUrl.replace(/\/$/, ''), opts.mailFrom);
    const input = await sampleInput(store.db, s, current.kind as PreviewKind, sender.site.baseUrl, opts.clock());
    const mail = renderMail(current.kind, input as never, sender.site);
    const context = baseContext(req, PageType.COMMERCE_EMAIL_PREVIEW);
    context.emailPreview = {
      kind: current.kind,
      title: current.title,
      kinds: PREVIEW_KINDS.map((k) => ({ ...k, url: `${EMAIL_PREVIEW_PATH}/${k.kind}`, current: k.kind === current.kind })),
      subject: mail.subject,
      from: sender.from,
      to: PREVIEW_RECIPIENT,
      html: mail.html,
      text: mail.text,
    };
    reply.header('x-robots-tag', 'noindex');
    return renderer.send(request, reply, s, {
      kind: 'page',
      status: 200,
      template: 'pages/commerce-email-preview.page',
      context,
      fallbackHtml: `<h1>${escapeHtml(current.title)}</h1>\n<p>${escapeHtml(mail.subject)}</p>\n<pre>${escapeHtml(mail.text)}</pre>\n`,
    });
  });
}
