// The quick view's dialog: loading, the product, or why it could not be shown. Once the product's
// markup is in the dialog, its add-to-cart button is brought to life by the product page's own
// add-to-cart island (its chunk, fetched with this one); an add from a product page's related
// products is reported as such.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TesseraGlobal } from '../../bootstrap.js';
import { events } from '../../events.js';
import { Dialog } from '../../ui/Dialog.js';
import { type QuickViewProduct, readProductPage } from './product-page.js';

const QUICK_VIEW_TEXTS = Object.freeze({
  loading: 'Loading the product…',
  failed: 'This product could not be shown here. Open its page instead.',
  fullPage: 'View full product page',
});

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; product: QuickViewProduct };

export interface QuickViewProps {
  readonly href: string;
  readonly title: string;
  readonly tessera: TesseraGlobal;
  /** Opened from a product page's related products: an add is a related product's add. */
  readonly related: boolean;
  readonly onClose: () => void;
}

export function QuickView({ href, title, tessera, related, onClose }: QuickViewProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  // The purchase part stays inert until the add-to-cart island has taken over its button, so that
  // the focus is never on a button the island then replaces.
  const [live, setLive] = useState(false);
  const purchase = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let active = true;
    fetch(href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((html) => {
        const product = readProductPage(html);
        if (active) setState(product ? { kind: 'ready', product } : { kind: 'failed' });
      })
      .catch(() => active && setState({ kind: 'failed' }));
    return () => {
      active = false;
    };
  }, [href]);

  // The engine's button becomes the add-to-cart island, as on the product page.
  useEffect(() => {
    const root = purchase.current;
    if (state.kind !== 'ready' || !root) return;
    let current = true;
    const mounted: { unmount(): void }[] = [];
    const bus = {
      publish: (name: string, payload?: Parameters<typeof events.publish>[1]) =>
        events.publish(related && name === 'add-to-cart' ? 'related-product-add' : name, payload),
    };
    void import('../product/index.js').then((m) => {
      if (!current) return;
      for (const button of root.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button[data-item-id]')) mounted.push(m.mountButton(button, tessera, bus));
      setLive(true);
    });
    return () => {
      current = false;
      // After this render: a root is not unmounted while React renders.
      setTimeout(() => {
        for (const r of mounted) r.unmount();
      });
    };
  }, [state, tessera, related]);

  const product = state.kind === 'ready' ? state.product : null;
  return (
    <Dialog title={product?.title || title} onClose={onClose} className="tessera-dialog--quick-view" actions={null}>
      <p className="visually-hidden" role="status">
        {state.kind === 'loading' ? QUICK_VIEW_TEXTS.loading : ''}
      </p>
      {state.kind === 'loading' && (
        <p className="quick-view__loading" aria-hidden="true">
          {QUICK_VIEW_TEXTS.loading}
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">{QUICK_VIEW_TEXTS.failed}</p>}
      {product && (
        <div className="quick-view">
          <Pictures product={product} />
          <div className="quick-view__summary">
            {/* The engine's markup of the site's own product page (readProductPage). */}
            <Adopted className="product-summary__marks" nodes={product.marks} />
            <Adopted className="quick-view__price" nodes={product.price} />
            <Adopted className="product-purchase quick-view__purchase" nodes={product.purchase} into={purchase} inert={!live} />
            <p className="quick-view__more">
              <a href={href}>{QUICK_VIEW_TEXTS.fullPage}</a>
            </p>
          </div>
        </div>
      )}
      {state.kind === 'failed' && (
        <p className="quick-view__more">
          <a href={href}>{QUICK_VIEW_TEXTS.fullPage}</a>
        </p>
      )}
    </Dialog>
  );
}

/** Copies of the parsed page's nodes, put in place before the effects that read them (the add-to-cart island's) run. */
function Adopted({ className, nodes, into, inert }: { className: string; nodes: readonly Node[]; into?: RefObject<HTMLDivElement | null>; inert?: boolean }) {
  const own = useRef<HTMLDivElement>(null);
  const ref = into ?? own;
  useLayoutEffect(() => {
    ref.current?.replaceChildren(...nodes.map((n) => document.importNode(n, true)));
  }, [nodes, ref]);
  return <div className={className} ref={ref} inert={inert} />;
}

function Pictures({ product }: { product: QuickViewProduct }) {
  if (product.images.length === 0) return null;
  const several = product.images.length > 1;
  return (
    // Several pictures scroll sideways: the list is then a region keyboards reach.
    <ul className="quick-view__pictures" tabIndex={several ? 0 : undefined} aria-label={several ? `${product.title}: pictures` : undefined}>
      {product.images.map((img) => (
        <li key={img.src} className="quick-view__picture">
          <img
            src={img.src}
            srcSet={img.srcset ?? undefined}
            sizes="(min-width: 860px) 380px, calc(100vw - 96px)"
            alt={img.alt}
            width={img.width ?? undefined}
            height={img.height ?? undefined}
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}
