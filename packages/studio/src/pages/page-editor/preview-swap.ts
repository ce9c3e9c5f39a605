// The live preview's frame is loaded once with the whole page; after each change only the layout
// (`[data-layout]`, the markup contract of docs/site-format.md) is replaced, so the frame keeps its
// scroll, its styles and fonts, and does not flash.

/** The style the editor adds to the frame: the selected block outlined, every block a pointer target. */
export const PREVIEW_STYLE =
  '[data-block-id]{cursor:pointer}[data-block-id][data-editor-selected]{outline:3px solid #2f5bd3;outline-offset:2px}' +
  '[data-block-id]:hover{outline:1px dashed #2f5bd3;outline-offset:2px}';

/**
 * Replaces the frame's layout with the one of a new render. False when either has none (a page
 * without a layout yet): the caller then loads the whole page again.
 */
export function swapLayout(frame: Document, html: string): boolean {
  const current = frame.querySelector('[data-layout]');
  const next = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-layout]');
  if (!current || !next) return false;
  const scroll = frame.scrollingElement;
  const top = scroll?.scrollTop ?? 0;
  current.replaceWith(frame.importNode(next, true));
  if (scroll) scroll.scrollTop = top;
  return true;
}

/** Marks the selected block in the frame (and only it); scrolls it into view when asked. */
export function markSelected(frame: Document, blockId: string | undefined, reveal: boolean): void {
  for (const el of frame.querySelectorAll('[data-editor-selected]')) el.removeAttribute('data-editor-selected');
  if (!blockId) return;
  const el = frame.querySelector(`[data-block-id="${blockId.replace(/["\\]/g, '\\$&')}"]`);
  if (!el) return;
  el.setAttribute('data-editor-selected', '');
  if (reveal && typeof (el as HTMLElement).scrollIntoView === 'function') (el as HTMLElement).scrollIntoView({ block: 'nearest' });
}
