import { restockSuccessText } from '@tessera/core';
import { merchandisingOf } from '../commerce/index.js';
import { captchaSiteKey } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';

/** What a site's merchandising settings (site.json `store.merchandising`) say about restock notifications. */
export interface RestockSettings {
  /** `restockNotificationsEnabled`: sold-out variants show the signup form. */
  readonly enabled: boolean;
  /** `restockNotificationsMailingListSignUpEnabled`: the form offers to join the mailing list. */
  readonly mailingListSignUpEnabled: boolean;
  /** `restockNotificationsSuccessText`, else the spec's `Signed up!`. */
  readonly successText: string;
  /**
   * The form shows a captcha, so a signup needs its token: when the site has a captcha site key (the
   * engine then renders the form's captcha container), or `restockNotificationsCaptchaEnabled` (the
   * self-hosted captcha needs no site key; the island adds the container).
   */
  readonly captcha: boolean;
  /** `restockAutoSend`: a variant coming back into stock mails its waiting visitors without the owner's send (on unless set to false). */
  readonly autoSend: boolean;
}

export function restockSettings(s: SiteSnapshot): RestockSettings {
  const m = merchandisingOf(s.store);
  return {
    enabled: m.restockNotificationsEnabled === true,
    mailingListSignUpEnabled: m.restockNotificationsMailingListSignUpEnabled === true,
    successText: restockSuccessText(m.restockNotificationsSuccessText),
    captcha: m.restockNotificationsCaptchaEnabled === true || captchaSiteKey(s) !== null,
    autoSend: m.restockAutoSend !== false,
  };
}
