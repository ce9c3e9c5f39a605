import type { FastifyInstance } from 'fastify';
import { AltchaProvider, Captcha, captchaRoutes, type AltchaOptions, type CaptchaProvider } from '../../captcha/index.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { createMailer, type MailSetup } from '../../mail/index.js';
import type { Store } from '../../storage/dialect.js';
import { MailingList, newsletterPlugin } from '../newsletter/index.js';
import type { SiteRenderer } from '../site/renderer.js';
import { formsPlugin, type FormsOptions } from './index.js';

/** What an app's builder may change about mail, captcha and forms (tests: their SMTP server, small limits). */
export interface FormsSetup {
  readonly mail?: MailSetup;
  /** More captcha providers, chosen per site with settings.captcha.provider (ALTCHA is always there). */
  readonly captchaProviders?: readonly CaptchaProvider[];
  readonly altcha?: AltchaOptions;
  readonly forms?: Partial<FormsOptions>;
}

/**
 * Mail, captcha and the mailing list, decorated once at the root for every module (`app.mail`,
 * `app.captcha`), then the routes of the captcha, the forms and the newsletter. The outbox is
 * delivered by a job of the runner (`app.jobs`), which looks at once when the app is ready (taking
 * up mail left pending by an earlier process); the mailer stops on close.
 */
export async function registerFormsAndMail(
  app: FastifyInstance,
  deps: { store: Store; renderer: SiteRenderer; config: Config; clock: Clock },
  setup: FormsSetup = {},
): Promise<void> {
  const { store, renderer, config, clock } = deps;
  const mailer = createMailer({ db: store.db, smtpUrl: config.smtpUrl, log: app.log, clock, defaultFrom: config.mailFrom, jobs: app.jobs }, setup.mail);
  app.decorate('mail', mailer);
  app.decorate('captcha', new Captcha([new AltchaProvider(store.db, clock, setup.altcha), ...(setup.captchaProviders ?? [])]));
  const mailingList = new MailingList(store.db, mailer, clock);

  await app.register(captchaRoutes, { sites: renderer });
  await app.register(formsPlugin, {
    ...setup.forms, store, sites: renderer, mailingList, clock, mailFrom: config.mailFrom,
  });
  await app.register(newsletterPlugin, { renderer, mailingList });

  app.addHook('onClose', async () => mailer.stop());
}
