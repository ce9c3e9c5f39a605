// The browser half of a captcha provider (the server half is packages/server/src/captcha). A
// provider draws its widget into the form's captcha container and reports the token; ALTCHA is
// the default and loads its widget (the `altcha` package) only when a form needs it.
import type { CAPTCHA } from '@tessera/core/constants';

export interface CaptchaRenderOptions {
  /** `compact` when the container is under 320 px wide (platform.md section 9). */
  readonly size: 'compact' | 'normal';
  readonly theme: typeof CAPTCHA.theme;
  /** Where ALTCHA fetches a challenge (the site context's captchaChallengeUrl). */
  readonly challengeUrl: string | null;
  /** A hosted provider's site key (the site context's captchaSiteKey). */
  readonly siteKey: string | null;
  readonly language: string;
  /** The token once solved; null when it is no longer valid (reset, expired, error). */
  readonly onToken: (token: string | null) => void;
}

export interface CaptchaWidget {
  reset(): void;
  destroy(): void;
}

export interface CaptchaProvider {
  readonly name: string;
  render(container: HTMLElement, options: CaptchaRenderOptions): CaptchaWidget | Promise<CaptchaWidget>;
}

interface AltchaElement extends HTMLElement {
  reset?: (state?: string) => void;
}

/** ALTCHA: proof of work solved in the visitor's browser; challenges come from this site's server. */
const altchaProvider: CaptchaProvider = {
  name: 'altcha',
  async render(container, options) {
    await import('altcha'); // defines <altcha-widget>
    const widget = document.createElement('altcha-widget') as AltchaElement;
    if (options.challengeUrl) widget.setAttribute('challengeurl', options.challengeUrl);
    // Solving starts when the visitor begins to fill in the form.
    widget.setAttribute('auto', 'onfocus');
    widget.setAttribute('name', 'captchaKey');
    widget.setAttribute('hidelogo', '');
    if (options.size === 'compact') widget.setAttribute('hidefooter', '');
    // The light theme, whatever the page's colours.
    widget.style.setProperty('--altcha-color-base', '#ffffff');
    widget.style.setProperty('--altcha-color-text', '#222222');
    widget.style.setProperty('--altcha-color-border', '#b5b5b5');
    widget.style.setProperty('--altcha-max-width', options.size === 'compact' ? '100%' : '320px');
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      options.onToken(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    container.append(widget);
    return {
      reset: () => widget.reset?.(),
      destroy: () => {
        widget.removeEventListener('statechange', onState);
        widget.remove();
      },
    };
  },
};

/** The providers the storefront knows, by the name of the site context's captchaProvider. */
const CAPTCHA_PROVIDERS: Readonly<Record<string, CaptchaProvider>> = { altcha: altchaProvider };

/** The site's provider (the site context's captchaProvider, default ALTCHA), or null when the storefront knows none by that name. */
export function captchaProviderFor(context: { readonly captchaProvider?: string }): CaptchaProvider | null {
  return CAPTCHA_PROVIDERS[context.captchaProvider ?? 'altcha'] ?? null;
}
