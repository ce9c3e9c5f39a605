// The restock form's stateful half: checks the signup with core's rules and exact messages, sends it,
// and shows the answer (the server's `data.message` on failure, with the captcha reset; the success
// text on success, with the captcha destroyed).
import { CART_MESSAGES, unselectedOptionsMessage } from '@tessera/core/cart';
import { validateRestockSignup } from '@tessera/core/validation';
import { useCallback, useState } from 'react';
import { CaptchaBox } from '../forms/captcha-box.js';
import type { FormsContext } from '../forms/FormPage.js';
import type { CaptchaProvider } from '../forms/captcha.js';
import type { RestockApi } from '../../api/restock.js';
import type { RestockModel } from './model.js';
import { RestockView, type RestockStatus } from './RestockView.js';

export interface RestockPageProps {
  readonly model: RestockModel;
  readonly api: RestockApi;
  readonly context: FormsContext;
  /** The site's captcha provider when the form shows a captcha, else null. */
  readonly captcha: CaptchaProvider | null;
  readonly successText: string;
  /**
   * The variant the signup is for: the form's own, unless the product's chooser still has options
   * to select (a product sold out in every variant shows one form before a choice is made).
   */
  readonly variant: () => { readonly variantId: string; readonly unselected: readonly string[] };
  readonly cookiesEnabled?: () => boolean;
  /** What the visitor typed into the engine's form before this one replaced it. */
  readonly initialEmail?: string;
}

const UNABLE_TO_CONNECT = 'Unable to connect. Please try again.';

export function RestockPage({
  model,
  api,
  context,
  captcha,
  successText,
  variant,
  cookiesEnabled = () => navigator.cookieEnabled,
  initialEmail = '',
}: RestockPageProps) {
  const [status, setStatus] = useState<RestockStatus>('idle');
  const [email, setEmail] = useState(initialEmail);
  const [join, setJoin] = useState(model.mailingList?.checked ?? false);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const onToken = useCallback((value: string | null) => setToken(value), []);

  const fail = (message: string) => {
    setError(message);
    setStatus('failed');
    // The token was sent (and used up, or refused): the widget starts again.
    if (captcha) {
      setToken(null);
      setResetSignal((n) => n + 1);
    }
  };

  const submit = async () => {
    if (status === 'submitting') return;
    const problem = validateRestockSignup({ siteVisitorEmail: email, captchaToken: token ?? undefined }, { captchaRequired: captcha !== null });
    if (problem) {
      setError(problem);
      setStatus('failed');
      return;
    }
    const chosen = variant();
    if (chosen.unselected.length > 0) {
      setError(unselectedOptionsMessage(chosen.unselected));
      setStatus('failed');
      return;
    }
    setStatus('submitting');
    setError(null);
    const answer = await api.signUp({
      isJoinMailingList: model.mailingList !== null && join,
      productId: model.productId,
      variantId: chosen.variantId,
      siteVisitorEmail: email.trim(),
      ...(captcha && token ? { captchaToken: token } : {}),
    });
    if (answer.ok) {
      setStatus('success');
      return;
    }
    if (answer.crumbFail) fail(cookiesEnabled() ? CART_MESSAGES.sessionExpired : CART_MESSAGES.enableCookies);
    else fail(answer.serverMessage || UNABLE_TO_CONNECT);
  };

  return (
    <RestockView
      model={model}
      status={status}
      email={email}
      joinMailingList={join}
      error={error}
      successText={successText}
      // Not drawn once signed up: unmounting the box destroys the widget.
      captcha={
        captcha && status !== 'success' ? <CaptchaBox provider={captcha} context={context} resetSignal={resetSignal} onToken={onToken} whenVisible /> : null
      }
      onEmail={(value) => {
        setEmail(value);
        if (status === 'failed') setError(null);
      }}
      onJoinMailingList={setJoin}
      onSubmit={() => void submit()}
    />
  );
}
