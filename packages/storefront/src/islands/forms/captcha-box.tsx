// The captcha widget of a form, drawn by the site's provider into its container (`.captcha-container`):
// its size from the container's width, the light theme, its token reported, reset on a signal and
// destroyed when unmounted. Shared by the site forms and the restock forms (its own module, so the
// restock island loads it without the site forms' code).
import { captchaSize } from '@tessera/core/constants';
import { useEffect, useRef, useState } from 'react';
import type { CaptchaProvider, CaptchaRenderOptions, CaptchaWidget } from './captcha.js';
import type { FormsContext } from './FormPage.js';

/** The captcha widget of a form in its container (`.captcha-container`); the restock island uses it too. */
export function CaptchaBox({
  provider,
  context,
  resetSignal,
  onToken,
  whenVisible = false,
}: {
  provider: CaptchaProvider;
  context: FormsContext;
  resetSignal: number;
  onToken: (token: string | null) => void;
  /**
   * Draw the widget only once its container is on screen (a restock form stays hidden until its
   * sold-out variant is chosen, so most product pages never load the captcha's code).
   */
  whenVisible?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<CaptchaWidget | null>(null);
  const tokenRef = useRef(onToken);
  tokenRef.current = onToken;

  const [visible, setVisible] = useState(!whenVisible || typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setVisible(true);
        }
      },
      { rootMargin: '200px' },
    );
    // The form around it: an empty container has no box to intersect (the theme hides it while empty).
    observer.observe(ref.current!.parentElement ?? ref.current!);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    const container = ref.current!;
    let cancelled = false;
    // While empty the container has no box (the theme hides it): the form's width stands for it.
    const size = captchaSize(container.getBoundingClientRect().width || container.parentElement?.getBoundingClientRect().width || 0);
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
    Promise.resolve(provider.render(container, options)).then(
      (w) => {
        if (cancelled) w.destroy();
        else widget.current = w;
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      widget.current?.destroy();
      widget.current = null;
    };
  }, [provider, context, visible]);

  useEffect(() => {
    if (resetSignal > 0) widget.current?.reset();
  }, [resetSignal]);

  return <div ref={ref} className="captcha-container" data-captcha="" />;
}
