import { CART_MESSAGES } from '@tessera/core/cart';
import { DEFAULT_STRINGS } from '@tessera/core/strings';

/** The client messages of the account islands: the spec's where it words them (storefront.md section 8). */
export const ACCOUNT_UI = {
  sessionExpired: CART_MESSAGES.sessionExpired,
  tryAgain: CART_MESSAGES.tryAgainShortly,
  connect: DEFAULT_STRINGS.unableToConnectText,
  unknown: DEFAULT_STRINGS.somethingWentWrongText,
};
