// The restock island's drawing half, fetched only when a restock form is first shown (most product
// pages have no sold-out variant chosen, so they never load React's form or the captcha for it).
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { restockSuccessText } from '@tessera/core/validation';
import { captchaProviderFor, type CaptchaProvider } from '../forms/captcha.js';
import { createRestockApi, type RestockApi } from '../../api/restock.js';
import type { RestockContext } from './index.js';
import type { RestockModel } from './model.js';
import { RestockPage } from './RestockPage.js';

export interface DrawRestockForm {
  readonly element: HTMLElement;
  readonly model: RestockModel;
  readonly context: RestockContext;
  /** Replace the site's API client and captcha provider (tests); null: no captcha. */
  readonly api?: RestockApi;
  readonly captcha?: CaptchaProvider | null;
  readonly variant: () => { readonly variantId: string; readonly unselected: readonly string[] };
}

/** Draws one restock form with React in place of the engine's, keeping what was typed there. */
export function drawRestockForm(form: DrawRestockForm): void {
  const typed = form.element.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? '';
  const focused = form.element.contains(document.activeElement);
  const provider = form.captcha === undefined ? captchaProviderFor(form.context) : form.captcha;
  const successText = restockSuccessText(form.context.storeSettings?.merchandisingSettings?.restockNotificationsSuccessText);
  const root = createRoot(form.element);
  // Drawn at once, so the engine's form leaves the page in the same frame.
  flushSync(() =>
    root.render(
      createElement(RestockPage, {
        model: form.model,
        api: form.api ?? createRestockApi(),
        context: form.context,
        successText,
        captcha: form.model.captcha ? provider : null,
        variant: form.variant,
        initialEmail: typed,
      }),
    ),
  );
  if (focused) form.element.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
}
