// The cookie banner and the footer's "Cookie settings" button: plain DOM, the theme's own button and
// link styles, and a few layout rules of its own that read the theme's colour variables.
const STRINGS = {
  region: 'Cookie consent',
  text: 'We use cookies to measure visits and, with your consent, for marketing: a tag manager and an ad pixel may see the pages you view and what you buy.',
  privacy: 'Privacy policy',
  accept: 'Accept',
  decline: 'Decline',
  settings: 'Cookie settings',
  accepted: 'Cookies accepted.',
  declined: 'Cookies declined.',
} as const;

const STYLE_ID = 'tessera-consent-style';
const CSS = `.tessera-consent{position:fixed;inset:auto 0 0 0;z-index:1000;display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;justify-content:center;padding:1rem max(1rem,env(safe-area-inset-left));background:var(--color-background,var(--color-bg,#fff));color:var(--color-text,#1a1a1a);border-top:1px solid var(--color-border,currentColor);box-shadow:0 -4px 16px rgb(0 0 0/.12)}
.tessera-consent[hidden]{display:none}
.tessera-consent__text{margin:0;max-width:46rem;font-size:.95rem;line-height:1.5}
.tessera-consent__text a{color:var(--color-link,inherit);text-decoration:underline}
.tessera-consent__actions{display:flex;gap:.75rem}
.tessera-consent__actions .button{min-height:44px;min-width:7rem}
.tessera-cookie-settings{margin:0}
.tessera-cookie-settings button{background:none;border:0;padding:.5rem 0;min-height:44px;color:inherit;font:inherit;text-decoration:underline;cursor:pointer}`;

function ensureStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.append(style);
}

export interface Banner {
  show(): void;
  /** The status line screen readers announce a choice in. */
  announce(text: string): void;
}

/** A path of the site or an http(s) address (the server checks it too). */
const safeUrl = (url: string | undefined) => (url && /^(\/(?!\/)|https?:\/\/)/.test(url) ? url : undefined);

/** Builds the banner (hidden) and the footer's button; `choose` gets the visitor's choice. */
export function createBanner(doc: Document, privacyUrl: string | undefined, choose: (choice: 'accepted' | 'declined') => void): Banner {
  ensureStyle(doc);
  const region = doc.createElement('section');
  region.className = 'tessera-consent';
  region.id = 'tessera-consent';
  region.setAttribute('aria-label', STRINGS.region);
  region.hidden = true;
  const text = doc.createElement('p');
  text.className = 'tessera-consent__text';
  text.textContent = `${STRINGS.text} `;
  const href = safeUrl(privacyUrl);
  if (href) {
    const link = doc.createElement('a');
    link.href = href;
    link.textContent = STRINGS.privacy;
    text.append(link);
  }
  const actions = doc.createElement('div');
  actions.className = 'tessera-consent__actions';
  const button = (label: string, choice: 'accepted' | 'declined', extra: string) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = `button${extra}`;
    b.textContent = label;
    b.addEventListener('click', () => {
      region.hidden = true;
      choose(choice);
      status.textContent = choice === 'accepted' ? STRINGS.accepted : STRINGS.declined;
      settings.setAttribute('aria-expanded', 'false');
      // The pressed button is gone: the focus goes to the way back to the choice, without scrolling there.
      settings.focus({ preventScroll: true });
    });
    return b;
  };
  actions.append(button(STRINGS.accept, 'accepted', ''), button(STRINGS.decline, 'declined', ' button--secondary'));
  region.append(text, actions);
  const status = doc.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  // The footer's way back to the choice, on every page of a site that asks.
  const holder = doc.createElement('p');
  holder.className = 'tessera-cookie-settings';
  const settings = doc.createElement('button');
  settings.type = 'button';
  settings.textContent = STRINGS.settings;
  settings.setAttribute('aria-expanded', 'false');
  settings.setAttribute('aria-controls', region.id);
  holder.append(settings);
  const footer = doc.querySelector('.site-footer__bottom') ?? doc.querySelector('footer') ?? doc.body;
  footer.append(holder);
  // First in the page, so that the keyboard reaches it first; it shows at the bottom of the screen.
  doc.body.prepend(region);
  doc.body.append(status);
  const show = () => {
    region.hidden = false;
    settings.setAttribute('aria-expanded', 'true');
    region.querySelector('button')?.focus({ preventScroll: true });
  };
  settings.addEventListener('click', () => {
    if (region.hidden) return show();
    region.hidden = true;
    settings.setAttribute('aria-expanded', 'false');
  });
  return {
    show() {
      region.hidden = false;
    },
    announce(t) {
      status.textContent = t;
    },
  };
}
