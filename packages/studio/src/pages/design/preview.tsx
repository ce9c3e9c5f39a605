// The live preview: any page of the site in a frame as wide as a phone or a desktop. The page is
// loaded once; every change after that only rewrites its styles element (frame.ts), so it shows
// within a few milliseconds of the preview call's answer, keeps its scroll and does not flash.
import { type RefObject, useEffect, useRef, useState } from 'react';
import { addTweakListener, applyCss, frameDocument, previewAddress } from './frame.js';

const DESKTOP_WIDTH = 1280;
/** The preview's height on the screen: most of the window, whatever the scale of a desktop-wide page. */
const shownHeight = () => Math.max(480, Math.round((typeof innerHeight === 'number' ? innerHeight : 900) * 0.8));

export interface DesignPreviewProps {
  readonly frame: RefObject<HTMLIFrameElement | null>;
  readonly page: string;
  readonly width: 'phone' | 'desktop';
  /** The CSS the page shows: the unsaved styles, else the saved ones. */
  readonly css: string;
  /** The storefront's preview listener, added to each page the frame loads. */
  readonly listener?: string | null;
  onLoaded(): void;
}

/** The scale that fits a desktop-wide frame in its box. */
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

export function DesignPreviewFrame({ frame, page, width, css, listener, onLoaded }: DesignPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  const scale = useFit(box, width === 'desktop');
  const height = shownHeight();
  const latest = useRef(css);
  latest.current = css;

  useEffect(() => {
    const doc = frameDocument(frame.current);
    if (doc) applyCss(doc, css);
  }, [frame, css]);

  const onLoad = () => {
    // A page loaded (or followed from a link) shows the unsaved styles at once.
    const doc = frameDocument(frame.current);
    if (!doc) return onLoaded();
    applyCss(doc, latest.current);
    addTweakListener(doc, listener, onLoaded);
  };

  return (
    <div className={`editor-preview editor-preview-${width}`}>
      <div ref={box} className="editor-preview-box" style={width === 'desktop' ? { height } : undefined}>
        <iframe
          ref={frame}
          title={`Preview of ${page} at ${width} width`}
          src={previewAddress(page)}
          onLoad={onLoad}
          style={width === 'desktop' ? { width: DESKTOP_WIDTH, height: Math.round(height / scale), transform: `scale(${scale})` } : undefined}
        />
      </div>
    </div>
  );
}
