// What the design page does in the preview frame: the frame shows the site's own page (same
// origin), so the new CSS goes straight into its `<style id="tessera-styles">`, with no reload; and
// the tweak events (platform.md: change, close, save, reset, after show, after close, before open)
// are posted to it, where the storefront's preview listener re-dispatches them for theme scripts.

type TweakType = 'change' | 'close' | 'save' | 'reset' | 'after show' | 'after close' | 'before open';

export interface Tweak {
  readonly type: TweakType;
  readonly path?: string;
  readonly value?: unknown;
  readonly css?: string;
}

const STYLE_ELEMENT_ID = 'tessera-styles';
/** The query that makes a page load the preview listener (never a visitor's page). */
const PREVIEW_QUERY = 'tessera-preview=1';
/** What the messages carry, so that the listener ignores everything else posted to the page. */
const TWEAK_MESSAGE = 'tessera:tweak';

/** The frame's document, or null while it loads or when it left the site (another origin). */
export function frameDocument(frame: HTMLIFrameElement | null): Document | null {
  try {
    return frame?.contentDocument ?? null;
  } catch {
    return null;
  }
}

/** Writes the CSS into the frame's styles element, made at the end of its head when the page has none. */
export function applyCss(doc: Document, css: string): void {
  let style = doc.getElementById(STYLE_ELEMENT_ID);
  if (!style) {
    // A frame still empty (its page not parsed yet) gets the CSS when it has loaded.
    const parent = doc.head ?? doc.documentElement;
    if (!parent) return;
    style = doc.createElement('style');
    style.id = STYLE_ELEMENT_ID;
    parent.append(style);
  }
  if (style.textContent !== css) style.textContent = css;
}

/**
 * Adds the storefront's preview listener (its own entry of the storefront build, whose address the
 * page's context carries) to the framed page, once; `ready` runs when it can hear the tweak events
 * (at once when there is no listener to add).
 */
export function addTweakListener(doc: Document, src: string | null | undefined, ready: () => void): void {
  const parent = doc.head ?? doc.documentElement;
  if (!src || !parent || doc.querySelector('script[data-tessera-tweaks]')) {
    ready();
    return;
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = src;
  script.setAttribute('data-tessera-tweaks', '');
  script.addEventListener('load', ready, { once: true });
  script.addEventListener('error', ready, { once: true });
  parent.append(script);
}

/** Posts a tweak event to the frame's page (its own origin only). */
export function postTweak(frame: HTMLIFrameElement | null, tweak: Tweak): void {
  const win = frame?.contentWindow;
  if (!win) return;
  try {
    win.postMessage({ [TWEAK_MESSAGE]: true, ...tweak }, window.location.origin);
  } catch {
    // a frame on another origin (a link the owner followed out of the site) gets nothing
  }
}

/** The address the frame loads for a page of the site: the same page, with the preview's query. */
export function previewAddress(path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `${clean}${clean.includes('?') ? '&' : '?'}${PREVIEW_QUERY}`;
}
