// The rich text editor (TipTap and ProseMirror) is most of the editor's weight: it loads when a
// rich text field is first shown.
import { lazy, Suspense } from 'react';
import type { RichTextProps } from './rich-text.js';

const RichText = lazy(() => import('./rich-text.js').then((m) => ({ default: m.RichText })));

export function LazyRichText(props: RichTextProps) {
  return (
    <Suspense fallback={<p className="muted">Loading the text editor…</p>}>
      <RichText {...props} />
    </Suspense>
  );
}
