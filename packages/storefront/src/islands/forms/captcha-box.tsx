// The captcha widget of a form, drawn by the site's provider into its container (`.captcha-container`):
// its size from the container's width, the light theme, its token reported, reset on a signal and
// destroyed when unmounted. Shared by the site forms and the restock forms (its own module, so the
// restock island loads it without the site forms' code).
import { captchaSize } from '@tessera/core/constants';
import { useEffect, useRef } from 'react';
import type { CaptchaProvider, CaptchaRenderOptions, CaptchaWidget } from './captcha.js';
import type { FormsContext } from './FormPage.js';

/** The captcha widget of a form in its container (`.captcha-container`); the restock island uses it too. */
export function CaptchaBox({ provider, context, resetSignal, onToken }: {
  provider: CaptchaProvider; context: FormsContext; resetSignal: number; onToken: (token: string | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<CaptchaWidget | null>(null);
  const tokenRef = useRef(onToken);
  tokenRef.current = onToken;

  useEffect(() => {
    const container = ref.current!;
    let cancelled = false;
    const size = captchaSize(container.getBoundingClientRect().width);
    container.dataset.size = size;
    container.dataset.theme = 'light';
    const options: CaptchaRenderOptions = {
      size,
      theme: 'light',
      challengeUrl: context.captchaChallengeUrl ?? null,
      siteKey: context.captchaSiteKey ?? null,
      language: context.language ?? 'en-US',
      onToken: (token) => {
        // The widget's state on its container, for styles (and tests) that do not reach into the widget.
        container.dataset.state = token ? 'verified' : 'unverified';
        tokenRef.current(token);
      },
    };
    Promise.resolve(provider.render(container, options)).then((w) => {
      if (cancelled) w.destroy();
      else widget.current = w;
    }, () => undefined);
    return () => {
      cancelled = true;
      widget.current?.destroy();
      widget.current = null;
    };
  }, [provider, context]);

  useEffect(() => {
    if (resetSignal > 0) widget.current?.reset();
  }, [resetSignal]);

  return <div ref={ref} className="captcha-container" data-captcha="" />;
}
