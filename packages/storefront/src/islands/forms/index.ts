// Entry: the forms island. `mountForm(element, context)` takes over one site form the theme
// rendered (`form[data-tessera-island="form"]`, a `form.tessera-form[data-form-id]`): the form is
// read into a model, replaced by the React form in its place, and submitted through the API.
import { recordFormRender } from '../../collectors/census-calls.js';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createElement } from 'react';
import { createFormsApi, type FormsApi } from '../../api/forms.js';
import { captchaProviderFor, type CaptchaProvider } from './captcha.js';
import { FormPage, type FormsContext, type PageLocation } from './FormPage.js';
import { readFormMarkup, type FormModel } from './model.js';

export type { FormsContext } from './FormPage.js';
export { captchaProviderFor } from './captcha.js';

export interface MountOptions {
  readonly api?: FormsApi;
  /** Replaces the site's captcha provider (tests). */
  readonly captcha?: CaptchaProvider | null;
  readonly location?: PageLocation;
  readonly onSuccess?: () => void;
}

export interface MountedForm {
  readonly model: FormModel;
  unmount(): void;
}

/** Renders a form model into a host element (the popup overlay uses it with its own model). */
function renderForm(host: HTMLElement, model: FormModel, context: FormsContext, options: MountOptions = {}): Root {
  const root = createRoot(host);
  // Drawn at once, so the server's form can leave the page in the same frame.
  flushSync(() =>
    root.render(
      createElement(FormPage, {
        model,
        context,
        api: options.api ?? createFormsApi(),
        captcha: options.captcha === undefined ? captchaProviderFor(context) : options.captcha,
        location: options.location,
        onSuccess: options.onSuccess,
      }),
    ),
  );
  return root;
}

/**
 * Takes over a site form the theme rendered. The island's form takes the server-rendered one's
 * place (a `display: contents` host keeps the theme's layout), so the page never shows two forms.
 */
export function mountForm(element: HTMLElement, context: FormsContext, options: MountOptions = {}): MountedForm {
  const model = readFormMarkup(element);
  const host = element.ownerDocument.createElement('div');
  host.className = 'tessera-form-island';
  host.style.display = 'contents';
  element.before(host);
  const root = renderForm(host, model, context, options);
  element.remove();
  // The census's form-render, once the form is shown, for a tracked visit (none for staff or with census off).
  void window.Tessera?.visit.then((visit) => visit && recordFormRender(visit.context, model.id));
  return {
    model,
    unmount() {
      root.unmount();
      host.replaceWith(element);
    },
  };
}
