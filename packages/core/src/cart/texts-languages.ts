// The cart's and the checkout's words in the languages Tessera translates (French; the page's
// language decides, English otherwise), in a module of their own: a product page does not load them.
// Placeholders are those of English.
import { CART_TEXTS } from './cart-texts.js';
import { CHECKOUT_MESSAGES } from './checkout.js';
import { CHECKOUT_TEXTS } from './checkout-texts.js';
import { STOREFRONT_TEXTS } from './texts.js';

export const CART_TEXTS_FR: Readonly<Record<keyof typeof CART_TEXTS, string>> = Object.freeze({
  cartHeading: 'Votre panier',
  cartEmpty: 'Votre panier est vide.',
  continueShopping: 'Continuer vos achats',
  quantity: 'Quantité',
  quantityOf: 'Quantité de {title}',
  decrease: 'Un {title} de moins',
  increase: 'Un {title} de plus',
  remove: 'Retirer',
  removeItem: 'Retirer {title}',
  editFormOf: 'Modifier les détails de {title}',
  couponCode: 'Code promo',
  applyCoupon: 'Appliquer',
  removeCoupon: 'Retirer le code promo {code}',
  couponNotApplied: '{code} ne s’applique pas encore à cette commande.',
  shippingEstimate: 'Estimer la livraison et les taxes',
  country: 'Pays',
  region: 'État ou région',
  postalCode: 'Code postal',
  estimate: 'Mettre à jour l’estimation',
  shippingOption: 'Livraison',
  chooseShipping: 'À choisir au paiement',
  subtotal: 'Sous-total',
  discount: 'Remise',
  shipping: 'Livraison',
  tax: 'Taxes',
  giftCard: 'Carte cadeau',
  total: 'Total',
  recalculating: 'Mise à jour de votre panier…',
  checkout: 'Passer la commande',
  quantityUpdated: '{title} : quantité {quantity}. Sous-total {subtotal}.',
  itemRemoved: '{title} retiré de votre panier. Sous-total {subtotal}.',
  formUpdated: 'Détails de {title} enregistrés.',
  couponApplied: 'Code promo {code} appliqué. Total {total}.',
  couponRemoved: 'Code promo {code} retiré. Total {total}.',
  estimateUpdated: 'Estimation mise à jour. Total {total}.',
});

export const CHECKOUT_TEXTS_FR: Readonly<Record<keyof typeof CHECKOUT_TEXTS, string>> = Object.freeze({
  checkoutHeading: 'Paiement',
  contact: 'Contact',
  email: 'E-mail',
  shippingAddress: 'Adresse de livraison',
  firstName: 'Prénom',
  lastName: 'Nom',
  address1: 'Adresse',
  address2: 'Appartement, bâtiment, etc. (facultatif)',
  city: 'Ville',
  phone: 'Téléphone (facultatif)',
  giftCardCode: 'Code de carte cadeau (facultatif)',
  payment: 'Paiement',
  payOffline: 'Payer plus tard par virement ou sur facture',
  payByCard: 'Carte',
  cardNumber: 'Numéro de carte',
  orderSummary: 'Récapitulatif de la commande',
  placeOrder: 'Passer la commande',
  placingOrder: 'Commande en cours…',
  quantityTimes: 'Quantité : {quantity}',
  payWithCardsAndWallets: 'Carte, Apple Pay, Google Pay',
  paymentDetails: 'Détails du paiement',
  paymentFormLoading: 'Chargement du formulaire de paiement…',
  cardPaymentsUnavailable: 'Le paiement par carte est indisponible pour le moment. Veuillez réessayer plus tard.',
  paymentNotCompleted: "Votre paiement n'a pas pu aboutir. Veuillez réessayer.",
  expressCheckout: 'Paiement express',
});

/** The cart and checkout pages' words that live with the product page's (texts.ts). */
export const PAGE_TEXTS_FR = Object.freeze({
  editForm: 'Modifier les détails',
  orderConfirmed: 'La commande n° {orderNumber} est confirmée.',
});

/** French for a page in French, French (France) or of any French-speaking region. */
const inFrench = (language: string | undefined) => /^fr(-|$)/i.test(language ?? '');

/** The cart page's words for a page's language (the site context's `language`). */
export function cartTexts(language: string | undefined): Readonly<Record<keyof typeof CART_TEXTS, string>> {
  return inFrench(language) ? CART_TEXTS_FR : CART_TEXTS;
}

/** The checkout's words for a page's language. */
export function checkoutTexts(language: string | undefined): Readonly<Record<keyof typeof CHECKOUT_TEXTS, string>> {
  return inFrench(language) ? CHECKOUT_TEXTS_FR : CHECKOUT_TEXTS;
}

/** The words the cart, checkout and confirmation pages share with the product page, for a page's language. */
export function pageTexts(language: string | undefined): Readonly<Record<keyof typeof PAGE_TEXTS_FR, string>> {
  return inFrench(language) ? PAGE_TEXTS_FR : { editForm: STOREFRONT_TEXTS.editForm, orderConfirmed: STOREFRONT_TEXTS.orderConfirmed };
}

/** The checkout's own checks, as the checkout page shows them before asking the server. */
const CHECKOUT_CHECKS_FR = Object.freeze({
  cartEmpty: 'Votre panier est vide.',
  shippingOptionRequired: 'Choisissez un mode de livraison.',
  cardNumberInvalid: 'Saisissez un numéro de carte valide.',
});

/** The messages of the checkout's own checks for a page's language. */
export function checkoutChecks(language: string | undefined): Readonly<Record<keyof typeof CHECKOUT_CHECKS_FR, string>> {
  if (inFrench(language)) return CHECKOUT_CHECKS_FR;
  const { cartEmpty, shippingOptionRequired, cardNumberInvalid } = CHECKOUT_MESSAGES;
  return { cartEmpty, shippingOptionRequired, cardNumberInvalid };
}
