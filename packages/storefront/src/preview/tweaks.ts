// The design preview's listener, loaded only in a page the studio's design page frames
// (`?tessera-preview=1`), never for visitors. The studio posts the tweak events (platform.md:
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
    win.dispatchEvent(new CustomEvent(TWEAK_MESSAGE, { detail }));
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

// Fetched by the bootstrap only for `?tessera-preview=1`; it listens only where the page is framed (by the studio).
if (typeof window !== 'undefined' && window.parent !== window) listenForTweaks(window);
