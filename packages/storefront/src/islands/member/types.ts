/** The `memberAccess` of the page context (docs/accounts.md), as the theme hands it to the island in a JSON script. */
export interface JoinOption {
  readonly itemId: string;
  readonly sku: string;
  readonly title: string;
  readonly priceText: string;
  readonly pricing: 'one-time' | 'subscription';
}

export interface MemberAccess {
  readonly area: string;
  readonly signedIn: boolean;
  readonly joinOptions: readonly JoinOption[];
  readonly signInUrl: string;
  readonly returnUrl: string;
  /** The payment provider a join pays with (`test` asks for a card number); null: memberships are not sold online. */
  readonly paymentProvider: string | null;
}

export function readMemberAccess(script: Element | null): MemberAccess | null {
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as MemberAccess;
  } catch {
    return null;
  }
}
