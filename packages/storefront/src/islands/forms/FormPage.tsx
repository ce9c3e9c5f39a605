// The site form's stateful half (STYLE.md "Page and View"): it holds what the visitor entered and
// the form's state, validates with core's rules and texts, asks for a submission key, submits,
// and turns each answer into the spec's messages (storefront.md sections 4, 5 and 8).
import { FORM_EVENTS, FORM_MARKERS } from '@tessera/core/markup';
import { FORM_MESSAGES, siteFormErrorMessage, validateFormFields, type FormFieldInput } from '@tessera/core/validation';
import { useCallback, useState } from 'react';
import type { FormsApi } from '../../api/forms.js';
import type { CaptchaProvider } from './captcha.js';
import { CaptchaBox } from './captcha-box.js';

import { AGREE_FIELD, FormView, type FormStatus } from './FormView.js';
import type { FormModel } from './model.js';
import { initialInputs, submissionValues } from './values.js';

/** What the forms island reads from the site context (docs/site-format.md, "The site context for the browser"). */
export interface FormsContext {
  readonly pageType?: number;
  readonly collectionId?: string | null;
  readonly itemId?: string | null;
  /** Who may open the page: "public", "password" or "members" (the site context's). */
  readonly pagePermissionTypeValue?: string;
  readonly language?: string;
  readonly captchaSiteKey?: string | null;
  readonly captchaProvider?: string;
  readonly captchaChallengeUrl?: string | null;
}

/** Where the page is and how to leave it; the window's by default (tests pass their own). */
export interface PageLocation {
  readonly pathname: string;
  readonly search: string;
  assign(url: string): void;
}

export interface FormPageProps {
  readonly model: FormModel;
  readonly api: FormsApi;
  readonly context: FormsContext;
  /** The captcha provider of the site (null: the form shows no widget even if it asks for one). */
  readonly captcha: CaptchaProvider | null;
  readonly location?: PageLocation;
  /** Receives the form-success and tracking events; the window by default. */
  readonly events?: Pick<EventTarget, 'dispatchEvent'>;
  readonly pageTitle?: string;
  /** Told after a successful submission (the popup overlay remembers it). */
  readonly onSuccess?: () => void;
}

const defaultLocation = (): PageLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  assign: (url) => window.location.assign(url),
});

export function FormPage({ model, api, context, captcha, location, events, pageTitle, onSuccess }: FormPageProps) {
  const [inputs, setInputs] = useState(() => initialInputs(model));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  const [honeypot, setHoneypot] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [awaitingCaptcha, setAwaitingCaptcha] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const captchaBound = model.captcha && captcha !== null;

  const onInput = useCallback((fieldId: string, input: FormFieldInput) => {
    setInputs((current) => ({ ...current, [fieldId]: input }));
  }, []);

  const onToken = useCallback((value: string | null) => {
    setToken(value);
    if (value) {
      setCaptchaError(null);
      setAwaitingCaptcha(false);
    }
  }, []);

  const fail = (message: string | null, fieldErrors: Record<string, string> = {}, captchaMessage: string | null = null) => {
    setErrors(fieldErrors);
    setFormError(message);
    setCaptchaError(captchaMessage);
    setStatus('failed');
    // A used or refused token is worth nothing: the widget starts again, and a captcha-bound
    // form waits for it before it can be sent again.
    if (captchaBound) {
      setToken(null);
      setResetSignal((n) => n + 1);
      setAwaitingCaptcha(true);
    }
  };

  const submit = async () => {
    if (status === 'submitting') return;
    const where = location ?? defaultLocation();
    const form = submissionValues(model, inputs, where.search);
    const fieldErrors: Record<string, string> = { ...validateFormFields(model.fields, form) };
    if (model.agreeRequired && !agreed) fieldErrors[AGREE_FIELD] = FORM_MESSAGES.disclaimerRequired;
    const needsCaptcha = captchaBound && !token;
    if (Object.keys(fieldErrors).length > 0 || needsCaptcha) {
      // Client-side problems keep the solved captcha: nothing was sent.
      setErrors(fieldErrors);
      setFormError(FORM_MESSAGES.fieldsInvalid);
      setCaptchaError(needsCaptcha ? FORM_MESSAGES.captchaRequired : null);
      setStatus('failed');
      return;
    }
    setStatus('submitting');
    setErrors({});
    setFormError(null);
    setCaptchaError(null);
    const keyAnswer = await api.submissionKey();
    const key = keyAnswer.ok && keyAnswer.status === 200 ? keyAnswer.data?.data?.key : undefined;
    if (!key) return fail(FORM_MESSAGES.submissionKeyFailed);
    const saved = await api.saveSubmission({
      key,
      formId: model.id,
      // The honeypot goes along only when something filled it in: the server then drops the submission.
      form: { ...form, ...(honeypot ? { [FORM_MARKERS.honeypotName]: honeypot } : {}) },
      ...(captchaBound && token ? { captchaKey: token } : {}),
      ...(model.agreeRequired ? { disclaimerAccepted: true } : {}),
      pageTitle: pageTitle ?? document.title,
      pageId: context.itemId ?? context.collectionId ?? '',
      contentSource: context.itemId ? 'i' : 'c',
      pagePath: where.pathname,
      pagePermissionTypeValue: context.pagePermissionTypeValue,
    });
    if (saved.ok) {
      const target = events ?? window;
      target.dispatchEvent(new CustomEvent(FORM_EVENTS.success, { detail: { formId: model.id, newsletter: model.newsletter } }));
      if (model.newsletter) {
        target.dispatchEvent(new CustomEvent(FORM_EVENTS.track, { detail: { name: FORM_EVENTS.subscribeNewsletter, payload: { formId: model.id } } }));
      }
      onSuccess?.();
      if (model.successRedirect) where.assign(model.successRedirect);
      else setStatus('success');
      return;
    }
    // The network failed or the answer was cut: nothing says what the server did.
    if (saved.network) return fail(FORM_MESSAGES.unknownError);
    if (saved.status === 400 && Object.keys(saved.fieldErrors).length > 0) {
      return fail(FORM_MESSAGES.fieldsInvalid, { ...saved.fieldErrors });
    }
    // An answer the island cannot read (a proxy's error page, a status the form does not expect, with no
    // message of the server's): the spec's processing error, which asks to reload.
    // (core's message for a status of its own without the server's text is the unknown error.)
    const message = siteFormErrorMessage(saved.status, saved.serverMessage ?? undefined);
    fail(message === FORM_MESSAGES.unknownError ? FORM_MESSAGES.processingError : message);
  };

  return (
    <FormView
      model={model}
      inputs={inputs}
      errors={errors}
      formError={formError}
      captchaError={captchaError}
      status={status}
      submitDisabled={status === 'submitting' || (captchaBound && awaitingCaptcha && !token)}
      captcha={
        captchaBound && status !== 'success' ? <CaptchaBox provider={captcha!} context={context} resetSignal={resetSignal} onToken={onToken} /> : undefined
      }
      honeypot={honeypot}
      agreed={agreed}
      onAgree={setAgreed}
      onInput={onInput}
      onHoneypot={setHoneypot}
      onSubmit={() => void submit()}
    />
  );
}
