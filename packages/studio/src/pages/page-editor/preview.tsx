// The live preview: the real page rendered by the server from the unsaved document, in a frame as
// wide as a phone or a desktop. The first render fills the frame; each change after it (about 100
// ms after the last one, the previous request aborted) replaces only the frame's layout. A click on
// a block in the frame selects it in the outline.
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type ContentDocument, fetchPreview } from './calls.js';
import { markSelected, PREVIEW_STYLE, swapLayout } from './preview-swap.js';

const PREVIEW_DEBOUNCE_MS = 100;

export interface PreviewProps {
  readonly itemId: string;
  readonly document: ContentDocument;
  readonly width: 'phone' | 'desktop';
  readonly selectedBlock?: string;
  onSelectBlock(blockId: string): void;
}

/** A desktop preview is laid out this wide, then scaled down to the pane: the page at its desktop breakpoint, whole. */
const DESKTOP_WIDTH = 1280;
const FRAME_HEIGHT = 900;

/** The scale that fits a desktop-wide frame in its box (1 when the box is wide enough, or unknown). */
function useFit(box: RefObject<HTMLDivElement | null>, enabled: boolean): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = box.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return setScale(1);
    const observer = new ResizeObserver(([entry]) => setScale(Math.min(1, (entry?.contentRect.width ?? DESKTOP_WIDTH) / DESKTOP_WIDTH)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, enabled]);
  return scale;
}

export function Preview({ itemId, document: doc, width, selectedBlock, onSelectBlock }: PreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const scale = useFit(box, width === 'desktop');
  const [srcDoc, setSrcDoc] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const loaded = useRef(false);
  const select = useRef(onSelectBlock);
  select.current = onSelectBlock;
  const selected = useRef(selectedBlock);
  selected.current = selectedBlock;

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        const answer = await fetchPreview(itemId, doc, controller.signal);
        if (controller.signal.aborted) return;
        if (!answer.ok) {
          setProblem(answer.status === 400 ? 'The preview shows the last version without errors.' : `The preview could not be updated: ${answer.message}`);
          return;
        }
        setProblem('');
        const inFrame = frame.current?.contentDocument;
        if (loaded.current && inFrame && swapLayout(inFrame, answer.html)) {
          markSelected(inFrame, selected.current, false);
          return;
        }
        loaded.current = false;
        setSrcDoc(answer.html);
      },
      loaded.current ? PREVIEW_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [itemId, doc]);

  useEffect(() => {
    const inFrame = frame.current?.contentDocument;
    if (inFrame && loaded.current) markSelected(inFrame, selectedBlock, true);
  }, [selectedBlock]);

  const onLoad = () => {
    const inFrame = frame.current?.contentDocument;
    if (!inFrame || srcDoc === null) return;
    loaded.current = true;
    const style = inFrame.createElement('style');
    style.textContent = PREVIEW_STYLE;
    inFrame.head?.append(style);
    // In the editor a click picks a block: links and buttons of the page do not navigate the frame.
    inFrame.addEventListener('click', (event) => {
      const target = event.target as Element | null;
      const block = target?.closest?.('[data-block-id]');
      event.preventDefault();
      if (block) select.current(block.getAttribute('data-block-id')!);
    });
    inFrame.addEventListener('submit', (event) => event.preventDefault());
    markSelected(inFrame, selected.current, true);
  };

  return (
    <div className={`editor-preview editor-preview-${width}`}>
      {problem && (
        <p className="field-hint" role="status">
          {problem}
        </p>
      )}
      {srcDoc === null && <p className="muted">Loading the preview…</p>}
      <div ref={box} className="editor-preview-box" style={width === 'desktop' ? { height: FRAME_HEIGHT * scale } : undefined}>
        <iframe
          ref={frame}
          title={`Preview at ${width === 'phone' ? 'phone' : 'desktop'} width`}
          // The page's own scripts do not run here: the preview shows the theme's markup and styles,
          // and nothing in it acts with the owner's session.
          sandbox="allow-same-origin"
          srcDoc={srcDoc ?? ''}
          onLoad={onLoad}
          hidden={srcDoc === null}
          style={width === 'desktop' ? { width: DESKTOP_WIDTH, height: FRAME_HEIGHT, transform: `scale(${scale})` } : undefined}
        />
      </div>
    </div>
  );
}
