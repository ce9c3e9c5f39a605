// What the installment badge's information dialog says, per provider and locale: plain HTML
// written for Tessera (no provider page is fetched), explaining how paying in installments
// works. The numbers are the provider's usual plan; the site's own limits show on the badge.
import type { InstallmentLocale, InstallmentProvider } from '@tessera/core/product';

interface Words {
  readonly lead: string;
  readonly steps: readonly string[];
  readonly note: string;
}

const en = (provider: string, currency: string): Words => ({
  lead: `${provider} lets you pay for your order in 4 interest-free payments, one every two weeks.`,
  steps: [
    `Choose ${provider} at checkout.`,
    `Sign in to ${provider} or create an account, and get an instant decision.`,
    'Pay the first installment today; the other three are taken every two weeks.',
  ],
  note: `Payments are in ${currency}. You must be over 18 and live in the country of the store's ${provider} plan. Late fees may apply; see ${provider}'s terms for the details of your agreement.`,
});

const fr: Words = {
  lead: 'Afterpay vous permet de régler votre commande en 4 versements sans intérêts, un toutes les deux semaines.',
  steps: [
    'Choisissez Afterpay au moment de payer.',
    'Connectez-vous à Afterpay ou créez un compte et obtenez une réponse immédiate.',
    'Le premier versement est prélevé aujourd’hui, les trois suivants toutes les deux semaines.',
  ],
  note: 'Les paiements sont en CAD. Vous devez avoir 18 ans ou plus et résider au Canada. Des frais de retard peuvent s’appliquer; consultez les conditions d’Afterpay.',
};

const WORDS: Readonly<Record<InstallmentProvider, Partial<Record<InstallmentLocale, Words>>>> = {
  afterpay: {
    en_US: en('Afterpay', 'USD'),
    en_CA: en('Afterpay', 'CAD'),
    fr_CA: fr,
    en_AU: en('Afterpay', 'AUD'),
    en_NZ: en('Afterpay', 'NZD'),
  },
  clearpay: { en_GB: en('Clearpay', 'GBP') },
};

/** The dialog's HTML for a provider and locale, or null when there is none. */
export function installmentInfoHtml(provider: string, locale: string): string | null {
  const words = Object.hasOwn(WORDS, provider) ? WORDS[provider as InstallmentProvider][locale as InstallmentLocale] : undefined;
  if (!words) return null;
  const lang = locale.slice(0, 2);
  return `<div class="installment-info" lang="${lang}">\n<p>${words.lead}</p>\n<ol>\n${words.steps.map((s) => `<li>${s}</li>`).join('\n')}\n</ol>\n<p class="installment-info__note">${words.note}</p>\n</div>\n`;
}
