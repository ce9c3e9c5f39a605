// The cart page's stateful half (storefront.md sections 2, 4, 5 and 8): it changes quantities,
// removes entries, edits their forms, applies coupons and the shipping estimate through the API,
// keeps the shared store (so every indicator agrees), shows the spec's cart strings for each
// failure, announces each change to screen readers, and keeps focus sensible after a removal.
import { fillText, meetsMinimumSubtotal, parseQuantity } from '@tessera/core/cart';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { ApiError, ApiResult } from '@tessera/core/api-client';
import type { CommerceApi } from '../../api/commerce.js';
import type { CartEntry, ShippingLocation, ShoppingCart } from '../../api/types.js';
import type { EventBus } from '../../events.js';
import { answersSummary, parseAnswers } from '../../islands/additional-fields/answers.js';
import type { CartStore } from '../../islands/shared/cart-store.js';
import { useCart } from '../../islands/shared/use-cart.js';
import { Dialog } from '../../ui/Dialog.js';
import { CartSummary } from './CartSummary.js';
import { EntryRow, type RowError } from './EntryRow.js';
import { useCartWords } from '../words.js';

const FieldsLightbox = lazy(() => import('../../islands/additional-fields/FieldsLightbox.js'));

export interface CartPageProps {
  readonly api: CommerceApi;
  readonly store: CartStore;
  readonly bus: Pick<EventBus, 'publish'>;
  readonly format: (cents: number) => string;
  readonly minimumSubtotalCents: number;
  /** The page's heading, focused when the last entry is removed. */
  readonly heading?: () => HTMLElement | null;
  /** The wallets' express checkout for this cart, when the site offers it. */
  readonly express?: (cart: ShoppingCart) => ReactNode;
}

type Editing = { entry: CartEntry; definition: Record<string, unknown> };

export function CartPage({ api, store, bus, format, minimumSubtotalCents, heading, express }: CartPageProps) {
  const { cart, recalculating } = useCart(store);
  const { T, M } = useCartWords();
  const [rowErrors, setRowErrors] = useState<Record<string, RowError>>({});
  const [couponError, setCouponError] = useState<string | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [pageError, setPageError] = useState<RowError | null>(null);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [forms, setForms] = useState<Record<string, Record<string, unknown> | null>>({});
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusIndex = useRef<number | null>(null);

  const write = <T extends { shoppingCart: ShoppingCart }>(run: () => Promise<ApiResult<T>>) =>
    store.write(run, (a) => (a.ok ? a.data.shoppingCart : undefined));
  const rowError = (id: string, error: RowError | null) =>
    setRowErrors((all) => {
      const next = { ...all };
      if (error) next[id] = error;
      else delete next[id];
      return next;
    });

  // The forms of entries with answers, for their summaries' titles (each product's page context).
  useEffect(() => {
    for (const entry of cart?.entries ?? []) {
      if (entry.additionalFields === null || !entry.fullUrl || entry.itemId in forms) continue;
      setForms((f) => ({ ...f, [entry.itemId]: null }));
      void api.productForm(entry.fullUrl).then((a) => a.ok && setForms((f) => ({ ...f, [entry.itemId]: a.data })));
    }
  }, [cart]);

  // After a removal: the row now at the removed row's place (the next one), else the last, else the heading.
  useEffect(() => {
    if (focusIndex.current === null || !cart) return;
    const index = Math.min(focusIndex.current, cart.entries.length - 1);
    focusIndex.current = null;
    const target = index >= 0 ? removeButtons.current.get(cart.entries[index]!.id) : heading?.();
    target?.focus();
  }, [cart]);

  if (!cart) return null;
  const subtotal = () => format(store.getState().cart?.subtotalCents ?? 0);
  const total = () => format(store.getState().cart?.grandTotalCents ?? 0);

  const changeQuantity = async (entry: CartEntry, text: string) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) return rowError(entry.id, { title: M.unableToUpdateQuantity, message: M.say(parsed.message) });
    const answer = await write(() => api.updateQuantity(entry.id, parsed.quantity));
    if (!answer.ok) return rowError(entry.id, { title: M.unableToUpdateQuantity, message: M.say(answer.message) });
    rowError(entry.id, null);
    setStatus(fillText(T.quantityUpdated, { title: entry.title, quantity: parsed.quantity, subtotal: subtotal() }));
  };

  const remove = async (entry: CartEntry) => {
    // Set before the answer: the new cart renders (and the focus moves) as soon as it arrives.
    focusIndex.current = cart.entries.findIndex((e) => e.id === entry.id);
    const answer = await write(() => api.removeEntry(entry.id));
    if (!answer.ok) {
      focusIndex.current = null;
      return rowError(entry.id, { title: M.unableToRemoveItem, message: M.say(answer.message) });
    }
    rowError(entry.id, null);
    bus.publish('remove-from-cart', { objectIdentifier: entry.itemId, sku: entry.chosenVariant.sku, quantity: entry.quantity });
    setStatus(fillText(T.itemRemoved, { title: entry.title, subtotal: subtotal() }));
  };

  const edit = async (entry: CartEntry) => {
    const known = forms[entry.itemId];
    const answer = known ? null : entry.fullUrl ? await api.productForm(entry.fullUrl) : null;
    const definition = known ?? (answer?.ok ? answer.data : null);
    if (!definition) {
      const message = answer && !answer.ok ? M.say(answer.message) : M.checkInternetConnection;
      return rowError(entry.id, { title: M.unableToOpenForm, message });
    }
    rowError(entry.id, null);
    setEditing({ entry, definition });
  };

  const saveForm = async (entry: CartEntry, additionalFields: string): Promise<ApiError | null> => {
    const answer = await write(() => api.updateAdditionalFields(entry.id, { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields }));
    if (answer.ok) {
      setEditing(null);
      setStatus(fillText(T.formUpdated, { title: entry.title }));
      return null;
    }
    if (Object.keys(answer.fieldErrors).length === 0) {
      setEditing(null);
      setPageError({ title: M.unableToUpdateForm, message: M.say(answer.message) });
    }
    return answer;
  };

  const applyCoupon = async (code: string) => {
    const answer = await write(() => api.addCoupon(code));
    setCouponError(answer.ok ? null : M.say(answer.message));
    if (answer.ok) setStatus(fillText(T.couponApplied, { code: code.toUpperCase(), total: total() }));
  };
  const removeCoupon = async (code: string) => {
    const answer = await write(() => api.removeCoupon(code));
    setCouponError(answer.ok ? null : M.say(answer.message));
    if (answer.ok) setStatus(fillText(T.couponRemoved, { code, total: total() }));
  };
  const estimate = async (location: ShippingLocation) => {
    const answer = await write(() => api.setShippingLocation(location));
    setShippingError(answer.ok ? null : M.say(Object.values(answer.fieldErrors)[0] ?? answer.message));
    if (answer.ok) setStatus(fillText(T.estimateUpdated, { total: total() }));
  };
  const shippingOption = async (id: string | null) => {
    const answer = await write(() => api.setShippingOption(id));
    setShippingError(answer.ok ? null : M.say(answer.message));
    if (answer.ok) setStatus(fillText(T.estimateUpdated, { total: total() }));
  };

  const below = !meetsMinimumSubtotal(cart.subtotalCents, minimumSubtotalCents);
  return (
    <div className={`cart cart--live${recalculating ? ' cart--recalculating' : ''}`}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {cart.entries.length === 0 ? (
        <div className="cart-empty-state">
          <p className="lede">{T.cartEmpty}</p>
          <p>
            <a className="button" href="/">
              {T.continueShopping}
            </a>
          </p>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-entries" aria-label={T.cartHeading}>
            {cart.entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                format={format}
                error={rowErrors[entry.id] ?? null}
                busy={recalculating}
                answers={answersSummary(parseAnswers(entry.additionalFields), forms[entry.itemId] as never)}
                hasForm={entry.additionalFields !== null}
                onQuantity={(text) => void changeQuantity(entry, text)}
                onRemove={() => void remove(entry)}
                onEdit={() => void edit(entry)}
                focusRef={(el) => {
                  if (el) removeButtons.current.set(entry.id, el);
                  else removeButtons.current.delete(entry.id);
                }}
              />
            ))}
          </ul>
          <CartSummary
            cart={cart}
            format={format}
            recalculating={recalculating}
            minimumMessage={below ? fillText(M.minimumSubtotal, { subtotal: format(minimumSubtotalCents) }) : null}
            couponError={couponError}
            shippingError={shippingError}
            onApplyCoupon={(c) => void applyCoupon(c)}
            onRemoveCoupon={(c) => void removeCoupon(c)}
            onEstimate={(l) => void estimate(l)}
            onShippingOption={(id) => void shippingOption(id)}
            express={express?.(cart)}
          />
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <FieldsLightbox
            definition={editing.definition}
            idPrefix={`cart-${editing.entry.id}`}
            answers={parseAnswers(editing.entry.additionalFields)}
            onClose={() => setEditing(null)}
            onSave={(fields) => saveForm(editing.entry, fields)}
          />
        </Suspense>
      )}
      {pageError && (
        <Dialog title={pageError.title} role="alertdialog" onClose={() => setPageError(null)} className="tessera-dialog--alert">
          <p>{pageError.message}</p>
        </Dialog>
      )}
    </div>
  );
}
