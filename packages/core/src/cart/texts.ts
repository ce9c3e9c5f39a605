/**
 * The words of the storefront that the spec leaves unworded (labels, buttons, announcements):
 * Tessera's own texts, kept beside the spec's messages so that every island says the same thing.
 * Three tables, so that a product page does not carry the cart's and the checkout's words;
 * `{name}` placeholders are filled with `fillText`.
 */
/** Product pages: the add-to-cart button, dialogs, the pill cart, the installment badge. */
export const STOREFRONT_TEXTS = Object.freeze({
  close: 'Close',
  ok: 'OK',
  adding: 'Adding\u2026',
  added: 'Added!',
  viewCart: 'View Cart',
  cartLinkLabel: 'Cart, {count} {noun}',
  saveForm: 'Save',
  editForm: 'Edit details',
  installmentProvider: 'with {provider}',
  installmentInfo: 'Learn more about {provider}',
  installmentDialogTitle: 'Pay in installments with {provider}',
  orderConfirmed: 'Order #{orderNumber} is confirmed.',
});

/** A text with its `{name}` placeholders filled (unknown ones stay). */
export function fillText(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
