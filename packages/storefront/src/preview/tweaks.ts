// The design preview's listener, an entry of its own that the studio's design page adds to the page
// it frames (`?tessera-preview=1`); no visitor's page loads it. The studio posts the tweak events (platform.md:
// change, close, save, reset, after show, after close, before open) to the frame; this re-dispatches
// each on `window` as a `tessera:tweak` CustomEvent, so a theme's script can react to a change
// before it is saved (a `change` carries the new CSS too, already applied to the page).

/** The marker the studio's messages carry (packages/studio/src/pages/design/frame.ts). */
const TWEAK_MESSAGE = 'tessera:tweak';
const TYPES = new Set(['change', 'close', 'save', 'reset', 'after show', 'after close', 'before open']);

export interface TweakDetail {
  readonly type: string;
  readonly path?: string;
  readonly value?: unknown;
  readonly css?: string;
}

/**
 * A special page wears the colour theme its setting names as a class of its outermost element
 * (`data-color-theme-setting` names the setting); the class is markup, which the new CSS alone does not
 * change, so the preview sets it from the setting's value in that CSS.
 */
function followColorThemes(doc: Document, css: string): void {
  for (const el of doc.querySelectorAll<HTMLElement>('[data-color-theme-setting]')) {
    const setting = el.dataset.colorThemeSetting ?? '';
    const id = new RegExp(`--setting-${setting.replace(/[^\w-]/g, '')}:([\\w-]{1,40})`).exec(css)?.[1];
    if (!id) continue;
    for (const name of Array.from(el.classList)) if (name.startsWith('color-theme-')) el.classList.remove(name);
    el.classList.add(`color-theme-${id}`);
  }
}

/** Starts listening; returns the function that stops. Only the page's own origin, from the frame's parent, is heard. */
export function listenForTweaks(win: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== win.parent) return;
    const data = event.data as Record<string, unknown> | null;
    if (data?.[TWEAK_MESSAGE] !== true || typeof data.type !== 'string' || !TYPES.has(data.type)) return;
    const detail: TweakDetail = {
      type: data.type,
      path: data.path as string | undefined,
      value: data.value,
      ...(typeof data.css === 'string' ? { css: data.css } : {}),
    };
    if (detail.css !== undefined) followColorThemes(win.document, detail.css);
    win.dispatchEvent(new CustomEvent(TWEAK_MESSAGE, { detail }));
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

// Added by the studio to the page it frames: it listens only there.
if (typeof window !== 'undefined' && window.parent !== window) listenForTweaks(window);
