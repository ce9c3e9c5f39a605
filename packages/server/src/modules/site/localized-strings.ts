import { siteLanguage, stringsForLanguage } from '@tessera/core';

/**
 * Strings of the server's own pages (cart, search, not found, accounts, members' areas, passwords)
 * and of the restock form's messages, beside @tessera/core's strings (the add-to-cart labels, cart
 * and form messages the snippets and islands share). English, and French for the languages of
 * French; other languages read the English strings (their money and dates are still localized by
 * the engine's formatters).
 */
const PAGE_STRINGS_EN: Readonly<Record<string, string>> = {
  restockNotificationButtonText: 'Sign Up',
  restockNotificationCTAText: 'Get notified when this item is back in stock.',
  restockNotificationPlaceholderText: 'Email Address',
  restockNotificationMailingListDescription: 'Sign up to receive news and updates.',
  cartTitleText: 'Shopping Cart',
  cartEmptyText: 'You have nothing in your shopping cart.',
  checkoutTitleText: 'Checkout',
  cartHeadingText: 'Your cart',
  cartIsEmptyText: 'Your cart is empty.',
  cartQuantityLabelText: 'Quantity:',
  cartSubtotalText: 'Subtotal',
  cartShippingNoteText: 'Shipping and taxes are calculated at checkout.',
  cartCheckoutText: 'Check out',
  continueShoppingText: 'Continue shopping',
  checkoutNeedsScriptText: 'Checkout needs JavaScript. Please turn it on and reload the page.',
  orderConfirmedTitleText: 'Thank you for your order!',
  searchPlaceholderText: 'Search',
  searchNoResultsText: 'No results found.',
  notFoundTitleText: 'Page Not Found',
  notFoundBodyText: 'We couldn’t find the page you were looking for.',
  errorTitleText: 'Something went wrong',
  errorBodyText: 'Please try again in a few moments.',
  paginationNewerText: 'Newer',
  paginationOlderText: 'Older',
  // Visitor accounts, members' areas, passwords and languages.
  accountTitleText: 'Your account',
  accountSignInText: 'Sign in',
  accountSignUpText: 'Create an account',
  accountSignOutText: 'Sign out',
  accountEmailLabelText: 'Email',
  accountPasswordLabelText: 'Password',
  accountRememberMeText: 'Keep me signed in',
  accountForgotPasswordText: 'Forgot your password?',
  accountResetPasswordTitleText: 'Choose a new password',
  accountOrdersTitleText: 'Your orders',
  accountNoOrdersText: 'You have not placed an order yet.',
  accountMembershipsTitleText: 'Memberships',
  memberAccessTitleText: 'This area is for members',
  memberAccessBodyText: 'Join to see this page. Already a member? Sign in with the email address you joined with.',
  memberJoinText: 'Join',
  lessonPaywallText: 'Join to watch this lesson',
  lockScreenBodyText: 'This site is password protected.',
  protectedContentBodyText: 'This page is password protected. Enter the password to continue.',
  passwordLabelText: 'Password',
  passwordSubmitText: 'Enter',
  languageSwitcherLabelText: 'Language',
};

const PAGE_STRINGS_FR: Readonly<Record<string, string>> = {
  restockNotificationButtonText: 'S’inscrire',
  restockNotificationCTAText: 'Soyez prévenu du retour de cet article en stock.',
  restockNotificationPlaceholderText: 'Adresse e-mail',
  restockNotificationMailingListDescription: 'Inscrivez-vous pour recevoir nos nouvelles.',
  cartTitleText: 'Panier',
  cartEmptyText: 'Votre panier est vide.',
  checkoutTitleText: 'Paiement',
  cartHeadingText: 'Votre panier',
  cartIsEmptyText: 'Votre panier est vide.',
  cartQuantityLabelText: 'Quantité :',
  cartSubtotalText: 'Sous-total',
  cartShippingNoteText: 'La livraison et les taxes sont calculées au paiement.',
  cartCheckoutText: 'Passer la commande',
  continueShoppingText: 'Continuer vos achats',
  checkoutNeedsScriptText: 'Le paiement nécessite JavaScript. Activez-le puis rechargez la page.',
  orderConfirmedTitleText: 'Merci pour votre commande !',
  searchPlaceholderText: 'Rechercher',
  searchNoResultsText: 'Aucun résultat.',
  notFoundTitleText: 'Page introuvable',
  notFoundBodyText: 'Nous n’avons pas trouvé la page que vous cherchiez.',
  errorTitleText: 'Une erreur s’est produite',
  errorBodyText: 'Veuillez réessayer dans quelques instants.',
  paginationNewerText: 'Plus récents',
  paginationOlderText: 'Plus anciens',
  accountTitleText: 'Votre compte',
  accountSignInText: 'Se connecter',
  accountSignUpText: 'Créer un compte',
  accountSignOutText: 'Se déconnecter',
  accountEmailLabelText: 'E-mail',
  accountPasswordLabelText: 'Mot de passe',
  accountRememberMeText: 'Rester connecté',
  accountForgotPasswordText: 'Mot de passe oublié ?',
  accountResetPasswordTitleText: 'Choisir un nouveau mot de passe',
  accountOrdersTitleText: 'Vos commandes',
  accountNoOrdersText: 'Vous n’avez encore passé aucune commande.',
  accountMembershipsTitleText: 'Abonnements',
  memberAccessTitleText: 'Cet espace est réservé aux membres',
  memberAccessBodyText: 'Adhérez pour voir cette page. Déjà membre ? Connectez-vous avec l’adresse e-mail de votre adhésion.',
  memberJoinText: 'Adhérer',
  lessonPaywallText: 'Adhérez pour regarder cette leçon',
  lockScreenBodyText: 'Ce site est protégé par un mot de passe.',
  protectedContentBodyText: 'Cette page est protégée par un mot de passe. Saisissez-le pour continuer.',
  passwordLabelText: 'Mot de passe',
  passwordSubmitText: 'Entrer',
  languageSwitcherLabelText: 'Langue',
};

const cache = new Map<string, Readonly<Record<string, string>>>();

/** `localizedStrings` of the page context for a language (English strings for languages Tessera has no table of). */
export function localizedStrings(language: string): Readonly<Record<string, string>> {
  const code = siteLanguage(language)?.code ?? 'en-US';
  let strings = cache.get(code);
  if (!strings) {
    const page = code.startsWith('fr-') ? PAGE_STRINGS_FR : PAGE_STRINGS_EN;
    strings = Object.freeze({ ...stringsForLanguage(code), ...PAGE_STRINGS_EN, ...page });
    cache.set(code, strings);
  }
  return strings;
}
