// Entry: the popup overlay (page type 104). A newsletter form shown once per visitor over the page:
// closed or submitted, it stays away until the site raises the overlay's version. What the visitor
// did is kept in local storage under the spec's keys (date-closed, version, submitted) and
// reported to POST /api/census/overlay (tracking failures, a 404 included, are ignored).
import { PopupOverlayStorageKey } from '@tessera/core/enums';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useEffect, useRef, useState } from 'react';
import { recordOverlay } from '../../collectors/census-calls.js';
import { createFormsApi, type FormsApi } from '../../api/forms.js';
import type { CaptchaProvider } from './captcha.js';
import { modelFromDefinition, type FormDefinition } from './definition.js';
import { FormPage, type FormsContext, type PageLocation } from './FormPage.js';
import { captchaProviderFor } from './index.js';

/** The site context's popupOverlay (docs/site-format.md). */
interface PopupOverlaySettings {
  readonly version: string;
  readonly title: string;
  readonly body: string;
  readonly delaySeconds: number;
  readonly form: FormDefinition;
}

export interface OverlayContext extends FormsContext {
  readonly popupOverlay?: PopupOverlaySettings | null;
}

export type OverlayAction = 'show' | 'close' | 'submit';

/** Whether this visitor should see this version of the overlay. */
export function shouldShowOverlay(storage: Pick<Storage, 'getItem'>, version: string): boolean {
  if (storage.getItem(PopupOverlayStorageKey.VERSION) !== version) return true;
  return storage.getItem(PopupOverlayStorageKey.DATE_CLOSED) === null && storage.getItem(PopupOverlayStorageKey.SUBMITTED) !== 'true';
}

interface PopupOverlayProps {
  readonly settings: PopupOverlaySettings;
  readonly context: FormsContext;
  readonly api: FormsApi;
  readonly captcha: CaptchaProvider | null;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly report: (action: OverlayAction) => void;
  readonly now?: () => number;
  readonly location?: PageLocation;
}

/** The custom property through which the theme's "popup-overlay-color-theme" setting reaches the page. */
const COLOR_THEME_PROPERTY = '--setting-popup-overlay-color-theme';

/**
 * The colour theme the site's styles give the overlay, read from the page's custom property (the
 * site's inline styles write it), so that the overlay follows the owner's choice without a request.
 */
function overlayColorTheme(root: Element = document.documentElement): string | null {
  const id = getComputedStyle(root).getPropertyValue(COLOR_THEME_PROPERTY).trim();
  return /^[\w-]{1,40}$/.test(id) ? id : null;
}

function PopupOverlay({ settings, context, api, captcha, storage, report, now = Date.now, location }: PopupOverlayProps) {
  const [open, setOpen] = useState(settings.delaySeconds <= 0);
  const closeButton = useRef<HTMLButtonElement>(null);
  const model = useRef(modelFromDefinition(settings.form, 'popup-overlay')).current;
  const colorTheme = useRef(overlayColorTheme()).current;

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setOpen(true), settings.delaySeconds * 1000);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    report('show');
    const previous = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  const remember = (key: string, value: string) => {
    storage.setItem(key, value);
    storage.setItem(PopupOverlayStorageKey.VERSION, settings.version);
  };
  const close = () => {
    remember(PopupOverlayStorageKey.DATE_CLOSED, String(now()));
    report('close');
    setOpen(false);
  };

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the overlay closes it, as the dialog pattern asks
    <div
      className={colorTheme ? `popup-overlay color-theme-${colorTheme}` : 'popup-overlay'}
      data-color-theme-setting="popup-overlay-color-theme"
      onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="popup-overlay__panel" role="dialog" aria-modal="true" aria-labelledby="popup-overlay-title">
        <button ref={closeButton} type="button" className="popup-overlay__close" aria-label="Close" onClick={close}>
          ×
        </button>
        <h2 className="popup-overlay__title" id="popup-overlay-title">
          {settings.title}
        </h2>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's popup text, as HTML the server checked */}
        {settings.body && <div className="popup-overlay__body" dangerouslySetInnerHTML={{ __html: settings.body }} />}
        <FormPage
          model={model}
          api={api}
          context={context}
          captcha={captcha}
          location={location}
          onSuccess={() => {
            remember(PopupOverlayStorageKey.SUBMITTED, 'true');
            report('submit');
          }}
        />
      </div>
    </div>
  );
}

// For a theme without overlay styles of its own: a plain centred panel over a dimmed page, in rules
// of no specificity (:where), so that a theme's rules win although these come later in the page.
const STYLES = `:where(.popup-overlay){position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(0,0,0,.55)}
:where(.popup-overlay__panel){position:relative;width:min(480px,100%);max-height:calc(100vh - 32px);overflow:auto;padding:32px 24px 24px;border-radius:8px;background:#fff;color:#222}
:where(.popup-overlay__close){position:absolute;top:8px;right:8px;width:44px;height:44px;border:0;background:none;font-size:28px;line-height:1;cursor:pointer;color:inherit}
:where(.popup-overlay__title){margin:0 0 12px}`;

export interface MountOverlayOptions {
  readonly api?: FormsApi;
  readonly captcha?: CaptchaProvider | null;
  readonly storage?: Pick<Storage, 'getItem' | 'setItem'>;
  readonly report?: (action: OverlayAction) => void;
}

function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem(PopupOverlayStorageKey.VERSION);
    return storage;
  } catch {
    return null;
  }
}

/**
 * Shows the site's popup overlay unless this visitor closed or submitted this version of it.
 * Without local storage nothing could remember a dismissal, so the overlay is not shown at all.
 */
export function mountPopupOverlay(context: OverlayContext, options: MountOverlayOptions = {}): { unmount(): void } | null {
  const settings = context.popupOverlay;
  const storage = options.storage ?? localStorageOrNull();
  if (!settings || !storage || !shouldShowOverlay(storage, settings.version)) return null;
  if (!document.querySelector('style[data-popup-overlay]')) {
    const style = document.createElement('style');
    style.dataset.popupOverlay = '';
    style.textContent = STYLES;
    document.head.append(style);
  }
  const host = document.createElement('div');
  host.id = 'tessera-popup-overlay';
  document.body.append(host);
  const root = createRoot(host);
  const report =
    options.report ??
    // The visit's collector context (the page's site context holds the time zone as an object, which the census refuses);
    // no visit, no call (staff, census off).
    ((action: OverlayAction) =>
      void window.Tessera?.visit.then((visit) => visit && recordOverlay(visit.context, { action, version: settings.version, formId: settings.form.id })));
  flushSync(() =>
    root.render(
      <PopupOverlay
        settings={settings}
        context={context}
        report={report}
        storage={storage}
        api={options.api ?? createFormsApi()}
        captcha={options.captcha === undefined ? captchaProviderFor(context) : options.captcha}
      />,
    ),
  );
  return {
    unmount() {
      root.unmount();
      host.remove();
    },
  };
}
