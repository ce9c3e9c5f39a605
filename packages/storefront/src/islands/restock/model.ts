// The restock form the engine rendered (`.product-restock-notification`, RESTOCK_NOTIFICATION in
// @tessera/core), read into a model before the island draws it again with React in its place.
import { CAPTCHA_CONTAINER_CLASS, RESTOCK_NOTIFICATION as R } from '@tessera/core/markup';

export interface RestockModel {
  readonly productId: string;
  readonly variantId: string;
  /** The call to action, kept when the form makes way for the success text. */
  readonly cta: string;
  readonly placeholder: string;
  readonly buttonText: string;
  /** The mailing-list checkbox, when the site offers it. */
  readonly mailingList: { readonly description: string; readonly checked: boolean } | null;
  /** The engine drew a captcha container (a site with a captcha site key). */
  readonly captcha: boolean;
}

export function readRestockMarkup(element: HTMLElement): RestockModel {
  const text = (selector: string) => element.querySelector(selector)?.textContent?.trim() ?? '';
  const email = element.querySelector<HTMLInputElement>(`input[name="${R.emailInputName}"]`);
  const submit = element.querySelector<HTMLInputElement>(`.${R.submitClass}`);
  const list = element.querySelector<HTMLElement>(`.${R.mailingListClass}`);
  const box = list?.querySelector<HTMLInputElement>(`input[name="${R.mailingListInputName}"]`);
  return {
    productId: element.getAttribute(R.attributes.productId) ?? '',
    variantId: element.getAttribute(R.attributes.variantId) ?? '',
    cta: text(`.${R.ctaClass}`),
    placeholder: email?.placeholder ?? '',
    buttonText: submit?.value || 'Sign Up',
    mailingList: list ? { description: list.textContent?.trim() ?? '', checked: box?.checked ?? false } : null,
    captcha: element.querySelector(`.${CAPTCHA_CONTAINER_CLASS}`) !== null,
  };
}
