// The checkout's words (a module of its own: only the checkout loads them).
/** The checkout form. */
export const CHECKOUT_TEXTS = Object.freeze({
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
});
