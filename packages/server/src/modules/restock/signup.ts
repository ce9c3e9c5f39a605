import { RESTOCK_MESSAGES, validateRestockSignup } from '@tessera/core';
import type { Captcha } from '../../captcha/index.js';
import type { Clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { writeTransaction } from '../../storage/statement.js';
import type { MailingList } from '../newsletter/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { restockSettings } from './settings.js';
import { STOCKED_TYPES, findRestockVariants, inStock } from './store.js';

export interface SignUpDeps {
  readonly store: Store;
  readonly mail: Mailer;
  readonly mailingList: MailingList;
  readonly captcha: Captcha;
  readonly clock: Clock;
  readonly mailFrom: string;
}

/** The spec's restock signup payload (storefront.md section 3). */
export interface RestockSignUpBody {
  readonly isJoinMailingList?: unknown;
  readonly productId?: unknown;
  readonly variantId?: unknown;
  readonly siteVisitorEmail?: unknown;
  readonly captchaToken?: unknown;
}

const MESSAGE_CODES = {
  [RESTOCK_MESSAGES.emailBlank]: 'RESTOCK_EMAIL_BLANK',
  [RESTOCK_MESSAGES.emailInvalid]: 'RESTOCK_EMAIL_INVALID',
  [RESTOCK_MESSAGES.captchaRequired]: 'CAPTCHA_REQUIRED',
} as const;

const id = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : null);

/**
 * A visitor's restock signup: the spec's rules and messages (core's validateRestockSignup: blank
 * email, invalid email, missing captcha token when the form shows a captcha), then the product:
 * a visible physical or service product whose variant is sold out. One transaction checks the
 * captcha (a solution is used once), stores the signup (one waiting signup per address and
 * variant: signing up again changes nothing) and, when the visitor asks and the site offers it,
 * adds the address to the site's mailing list with its double opt-in mail.
 */
export async function signUp(deps: SignUpDeps, s: SiteSnapshot, baseUrl: string, body: RestockSignUpBody): Promise<void> {
  const settings = restockSettings(s);
  if (!settings.enabled) throw new AppError('RESTOCK_NOT_AVAILABLE');
  const problem = validateRestockSignup(body, { captchaRequired: settings.captcha });
  if (problem) throw new AppError(MESSAGE_CODES[problem as keyof typeof MESSAGE_CODES] ?? 'BAD_REQUEST', problem);

  const productId = id(body.productId);
  const variantId = id(body.variantId);
  if (!productId) throw new AppError('ITEM_UNAVAILABLE');
  if (!variantId) throw new AppError('VARIANT_UNAVAILABLE');
  const now = deps.clock();
  const variant = (await findRestockVariants(deps.store.db, s, [variantId], now)).get(variantId);
  if (!variant?.visible) throw new AppError(variant?.itemId === productId ? 'ITEM_UNAVAILABLE' : 'VARIANT_UNAVAILABLE');
  if (variant.itemId !== productId) throw new AppError('VARIANT_UNAVAILABLE');
  if (!STOCKED_TYPES.has(variant.productType)) throw new AppError('RESTOCK_NOT_AVAILABLE');
  if (inStock(variant)) throw new AppError('RESTOCK_IN_STOCK');

  const email = (body.siteVisitorEmail as string).trim().toLowerCase();
  const join = body.isJoinMailingList === true && settings.mailingListSignUpEnabled;
  const websiteId = s.website.id;
  const captcha = settings.captcha ? deps.captcha.forSite(websiteId, s.settings) : null;
  const sender = siteSender(s, baseUrl, deps.mailFrom);

  await writeTransaction(deps.store, async (tx) => {
    if (captcha) {
      const verdict = await captcha.provider.verify(captcha.site, String(body.captchaToken), tx);
      if (!verdict.ok) throw new AppError(verdict.reason === 'missing' ? 'CAPTCHA_REQUIRED' : 'CAPTCHA_INVALID');
    }
    const inserted = await tx
      .insertInto('restock_signups')
      .values({
        id: newId(),
        website_id: websiteId,
        item_id: productId,
        variant_id: variantId,
        email,
        join_mailing_list: join ? 1 : 0,
        status: 'waiting',
        base_url: baseUrl,
        created_on: now,
        notified_on: null,
        outbox_id: null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    let optIn = join && Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    if (join && !optIn) {
      // Signed up before without joining the list: this time the visitor asks to join.
      const changed = await tx
        .updateTable('restock_signups')
        .set({ join_mailing_list: 1 })
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .where('email', '=', email)
        .where('status', '=', 'waiting')
        .where('join_mailing_list', '=', 0)
        .executeTakeFirst();
      optIn = Number(changed.numUpdatedRows) === 1;
    }
    if (optIn) await deps.mailingList.optIn(tx, { site: { websiteId, ...sender.site, from: sender.from }, email, source: 'restock' });
  });
  deps.mail.kick();
}
