// The add-to-cart button's stateful half (storefront.md sections 4, 5 and 8). A click validates
// with core's rule, then: a gift card goes to the gift-card page with its denomination; a button
// that uses a form checks stock and opens the form in a lightbox first; express checkout goes to
// the checkout page; a subscription gets its own cart token and goes to the subscription page;
// anything else is added to the cart. Adding shows "Adding…", "Added!" 1 s after adding started,
// and idle again 2 s later; an error shows its dialog and returns to idle after 1 s; a click while
// adding or added does nothing.
import { ADD_TO_CART_TIMING } from '@tessera/core/constants';
import { ADD_TO_CART_DIALOG_TITLES, CART_MESSAGES, addToCartKind, findVariant, isInStockForForm, validateAddToCart } from '@tessera/core/cart';
import { addToCartLabel } from '@tessera/core/product';
import { PRODUCT_VARIANTS } from '@tessera/core/markup';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ApiError } from '@tessera/core/api-client';
import type { CommerceApi } from '../../api/commerce.js';
import { type EventBus, events as pageEvents } from '../../events.js';
import { type CartStore, cartStore, quantityInCart } from '../shared/cart-store.js';
import { AddToCartView, type ButtonPhase } from './AddToCartView.js';
import { type ProductMarkup, chosenOptions, labelProduct, productData, type VariantMarkup } from './markup.js';
import type { VariantChangeDetail } from './variant-image.js';
import { EXPRESS_CHECKOUT_KEY, type ExpressCheckoutItem } from './express.js';

const FieldsLightbox = lazy(() => import('../additional-fields/FieldsLightbox.js'));

export interface AddToCartProps {
  readonly markup: ProductMarkup;
  readonly api: CommerceApi;
  readonly store?: CartStore;
  readonly bus?: Pick<EventBus, 'publish'>;
  readonly navigate: (url: string) => void;
  /** Called after the cart changed (the indicators module mounts itself). */
  readonly onCartChange?: () => void;
  readonly storage?: Pick<Storage, 'setItem'> | null;
  /** The page's words in its language (the site context's `localizedStrings`; English without them). */
  readonly strings?: Readonly<Record<string, string>>;
}

type Pending = { sku?: string; quantity: number; variant: VariantMarkup | null };

const unitPrice = (v: VariantMarkup | null): number | null => {
  if (!v) return null;
  const price = v.onSale ? v.salePrice : v.price;
  return typeof price === 'number' ? price : null;
};

export function AddToCart({ markup, api, store = cartStore, bus = pageEvents, navigate, onCartChange, storage, strings = {} }: AddToCartProps) {
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [viewCart, setViewCart] = useState(false);
  const [form, setForm] = useState<Pending | null>(null);
  const phaseRef = useRef<ButtonPhase>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const kind = addToCartKind(markup.productType, markup.expressCheckout && !markup.isSubscription);
  const title = ADD_TO_CART_DIALOG_TITLES[kind];
  const label = addToCartLabel(labelProduct(markup), { surface: 'storefront', expressCheckout: kind === 'expressCheckout', localizedStrings: strings });

  const go = (next: ButtonPhase) => {
    phaseRef.current = next;
    setPhase(next);
  };
  const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const fail = (message: string) => {
    go('error');
    setError({ title, message });
    later(ADD_TO_CART_TIMING.errorToIdleMs, () => go('idle'));
  };

  // The selects report each change with the chosen variant (and its image) for the gallery and others.
  useEffect(() => {
    const root = markup.variantsElement;
    if (!root) return;
    const onChange = () => {
      const variant = (findVariant(productData(markup), chosenOptions(markup)) as VariantMarkup | undefined) ?? null;
      const detail: VariantChangeDetail = { itemId: markup.itemId, variant, mainImage: variant?.mainImage ?? null };
      root.dispatchEvent(new CustomEvent(PRODUCT_VARIANTS.changeEvent, { bubbles: true, detail }));
    };
    root.addEventListener('change', onChange);
    return () => root.removeEventListener('change', onChange);
  }, [markup]);

  /** Adds (or subscribes, or buys at once) the validated choice; resolves with a failure for the form to show. */
  const proceed = async (pending: Pending, additionalFields?: string): Promise<ApiError | null> => {
    const { sku, quantity, variant } = pending;
    if (kind === 'expressCheckout') {
      const item: ExpressCheckoutItem = {
        itemId: markup.itemId,
        sku,
        quantity,
        additionalFields,
        productType: markup.productType,
        title: markup.title,
        attributes: variant?.attributes ?? {},
        unitPriceCents: unitPrice(variant),
        imageUrl: variant?.mainImage?.assetUrl ?? null,
      };
      try {
        storage?.setItem(EXPRESS_CHECKOUT_KEY, JSON.stringify(item));
      } catch {
        // no session storage: the checkout page shows the item without its details
      }
      const query = new URLSearchParams({ itemId: markup.itemId, ...(sku ? { sku } : {}), quantity: String(quantity) });
      navigate(`/checkout?${query}`);
      return null;
    }
    go('adding');
    const started = Date.now();
    const answer = markup.isSubscription
      ? await api.subscriptionCart({ itemId: markup.itemId, sku, qty: quantity, additionalFields })
      : await store.write(
          () => api.addEntry({ itemId: markup.itemId, sku, quantity, additionalFields }),
          (a) => (a.ok ? a.data.shoppingCart : undefined),
        );
    if (!answer.ok) {
      // Field errors belong to the open form; anything else to the dialog.
      if (form && Object.keys(answer.fieldErrors).length > 0) go('idle');
      else fail(answer.message);
      return answer;
    }
    if ('cartToken' in answer.data) {
      navigate(`/checkout/subscription?cartToken=${encodeURIComponent(answer.data.cartToken)}`);
      return null;
    }
    onCartChange?.();
    bus.publish('add-to-cart', { objectIdentifier: markup.itemId, variantId: variant?.id ?? '', sku: answer.data.newlyAdded.chosenVariant.sku, quantity });
    later(Math.max(0, ADD_TO_CART_TIMING.addedDelayMs - (Date.now() - started)), () => {
      go('added');
      setViewCart(true);
      later(ADD_TO_CART_TIMING.addedToIdleMs, () => go('idle'));
    });
    return null;
  };

  const onClick = async () => {
    if (phaseRef.current !== 'idle') return;
    const product = productData(markup);
    const cart = store.getState().cart;
    const chosen = chosenOptions(markup);
    const candidate = markup.variantsElement ? findVariant(product, chosen) : undefined;
    const result = validateAddToCart({
      product,
      chosenOptions: chosen,
      quantity: markup.quantityInput ? markup.quantityInput.value : undefined,
      quantityInCart: quantityInCart(cart, markup.itemId, candidate?.sku),
      subscription: markup.isSubscription,
    });
    if (!result.ok) return fail(result.message);
    const variant = markup.variantsElement ? (result.variant as VariantMarkup) : null;
    const pending: Pending = { sku: variant?.sku, quantity: result.quantity, variant };
    if (kind === 'giftCard') {
      navigate(`/checkout/gift-card?${new URLSearchParams({ itemId: markup.itemId, sku: pending.sku ?? '' })}`);
      return;
    }
    if (markup.form) {
      // A form first checks stock, counting what the cart already holds (storefront.md section 5).
      go('adding');
      const [stock, held] = await Promise.all([api.stock(markup.itemId), store.ensure(api)]);
      if (!stock.ok) return fail(stock.message);
      const row = stock.data.results.find((r) => pending.sku === undefined || r.sku === pending.sku);
      if (!row || !isInStockForForm(row, quantityInCart(held, markup.itemId, pending.sku))) return fail(CART_MESSAGES.outOfStock);
      go('idle');
      phaseRef.current = 'adding'; // the button waits for the form
      setForm(pending);
      return;
    }
    await proceed(pending);
  };

  const lightbox =
    form && markup.form ? (
      <Suspense fallback={null}>
        <FieldsLightbox
          definition={markup.form}
          idPrefix={`atc-${markup.itemId}`}
          onClose={() => {
            setForm(null);
            go('idle');
          }}
          onSave={async (fields) => {
            const failure = await proceed(form, fields);
            if (!failure) setForm(null);
            return failure;
          }}
        />
      </Suspense>
    ) : null;

  return (
    <AddToCartView
      phase={phase}
      label={label}
      strings={strings}
      className={buttonClasses(markup)}
      showViewCart={viewCart}
      error={error}
      onClick={() => void onClick()}
      onCloseError={() => setError(null)}
      lightbox={lightbox}
    />
  );
}

function buttonClasses(markup: ProductMarkup): string {
  return markup.button.className.replace(/\s+/g, ' ').trim();
}
