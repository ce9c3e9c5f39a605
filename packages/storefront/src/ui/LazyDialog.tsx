// The dialog, fetched when one first opens: a product page shows none until an error or a click,
// so its code stays out of what the page loads up front.
import { lazy, Suspense } from 'react';
import type { DialogProps } from './Dialog.js';

const Dialog = lazy(() => import('./Dialog.js').then((m) => ({ default: m.Dialog })));

export function LazyDialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
