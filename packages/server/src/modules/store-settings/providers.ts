/**
 * What the store settings page calls the payment providers a server knows. A provider a deployment
 * adds (CommerceSetup.paymentProviders) without a name here is shown by its id.
 */
const NAMES: Readonly<Record<string, string>> = {
  offline: 'Offline: bank transfer, cash or invoice (staff mark the order paid)',
  test: 'Test card (accepts 4242 4242 4242 4242; for trying the shop)',
  stripe: 'Stripe: cards, Apple Pay, Google Pay, Afterpay/Clearpay, Klarna',
};

export function providerChoices(ids: readonly string[]): { id: string; name: string }[] {
  return ids.map((id) => ({ id, name: NAMES[id] ?? id }));
}
