/**
 * The words of the storefront's cart, checkout and dialogs that the spec leaves unworded
 * (labels, buttons, announcements). Tessera's own texts, kept beside the spec's messages so that
 * every island says the same thing; `{name}` placeholders are filled with `fillText`.
 */
export const STOREFRONT_TEXTS = Object.freeze({
  close: 'Close',
  // The add-to-cart button (storefront.md section 4) and its link.
  adding: 'Adding\u2026',
  added: 'Added!',
  viewCart: 'View Cart',
  ok: 'OK',
  // The pill cart and the header indicator.
  cartLinkLabel: 'Cart, {count} {noun}',
  // The additional-fields lightbox.
  saveForm: 'Save',
  addWithForm: 'Add to Cart',
  // The installment badge.
  installmentInfo: 'Learn more about {provider}',
  installmentDialogTitle: 'Pay in installments with {provider}',
  // The cart page.
  cartHeading: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  continueShopping: 'Continue shopping',
  quantity: 'Quantity',
  quantityOf: 'Quantity of {title}',
  decrease: 'One less {title}',
  increase: 'One more {title}',
  remove: 'Remove',
  removeItem: 'Remove {title}',
  editForm: 'Edit details',
  editFormOf: 'Edit details of {title}',
  couponCode: 'Coupon code',
  applyCoupon: 'Apply',
  removeCoupon: 'Remove coupon {code}',
  couponNotApplied: '{code} does not apply to this order yet.',
  shippingEstimate: 'Estimate shipping and tax',
  country: 'Country',
  region: 'State or region',
  postalCode: 'ZIP or postal code',
  estimate: 'Update estimate',
  shippingOption: 'Shipping',
  chooseShipping: 'Choose at checkout',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  giftCard: 'Gift card',
  total: 'Total',
  recalculating: 'Updating your cart…',
  checkout: 'Check out',
  // Announcements after each cart change (role="status").
  quantityUpdated: '{title}: quantity {quantity}. Subtotal {subtotal}.',
  itemRemoved: '{title} removed from your cart. Subtotal {subtotal}.',
  formUpdated: 'Details of {title} saved.',
  couponApplied: 'Coupon {code} applied. Total {total}.',
  couponRemoved: 'Coupon {code} removed. Total {total}.',
  estimateUpdated: 'Estimate updated. Total {total}.',
  // The checkout.
  checkoutHeading: 'Checkout',
  contact: 'Contact',
  email: 'Email',
  shippingAddress: 'Shipping address',
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  address2: 'Apartment, suite, etc. (optional)',
  city: 'City',
  phone: 'Phone (optional)',
  giftCardCode: 'Gift card code (optional)',
  payment: 'Payment',
  payOffline: 'Pay later by bank transfer or invoice',
  payByCard: 'Card',
  cardNumber: 'Card number',
  orderSummary: 'Order summary',
  placeOrder: 'Place order',
  placingOrder: 'Placing order…',
  quantityTimes: 'Quantity: {quantity}',
  checkoutProblems: 'Update the missing or invalid information above.',
  orderConfirmed: 'Order #{orderNumber} is confirmed.',
});

export type StorefrontTextKey = keyof typeof STOREFRONT_TEXTS;

/** A storefront text with its `{name}` placeholders filled (unknown ones stay). */
export function fillText(key: StorefrontTextKey, values: Readonly<Record<string, string | number>> = {}): string {
  return STOREFRONT_TEXTS[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
