// The restock-notification form, one per restock view (variant) of the product's merchandising context.
// The storefront's restock island submits it; its email field and mailing-list checkbox follow the
// merchandising settings (an empty line stands where one is left out).

import { CAPTCHA_CONTAINER_CLASS, RESTOCK_NOTIFICATION as R } from '@tessera/core';

export const RESTOCK_SNIPPET =
  `<div class="${R.class}" ${R.attributes.productId}="{productId|htmlattr}" ${R.attributes.variantId}="{variantId|htmlattr}"{.if hidden} hidden{.end}>\n` +
  `  <span class="${R.ctaClass}">{cta|html}</span>\n` +
  `  <form class="${R.formClass}" action="#">\n` +
  `    <input type="text" x-autocompletetype="email" spellcheck="false" name="${R.emailInputName}" placeholder="{placeholder|htmlattr}">\n` +
  `    <input class="${R.submitClass}" type="submit" value="{buttonText|htmlattr}">\n` +
  `  </form>\n` +
  `{.if mailingList}  <label class="${R.mailingListClass}"><input type="checkbox" name="${R.mailingListInputName}"{.if optIn} checked{.end}>{mailingListDescription|html}</label>{.end}\n` +
  `{.if captcha}  <div class="${CAPTCHA_CONTAINER_CLASS}"></div>{.end}\n` +
  `</div>`;
