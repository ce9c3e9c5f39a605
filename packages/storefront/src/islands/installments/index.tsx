// Entry: the installment badge (storefront.md sections 2, 5 and 9), in the theme's empty
// `.installment-badge[data-product-type="1"]`. Shown only for physical products when the site
// context names a provider; in range (above the provider's minimum, at most its maximum) it says
// "{numInstallments} interest-free payments of {amount}", else "available for orders up to/over
// {amount}". The badge and its info button open the information dialog, whose content the server
// answers per locale; a failed fetch is only a console warning. The chosen variant's price
// replaces the product's "from" price.
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import { STOREFRONT_TEXTS, fillText } from '@tessera/core/cart';
import { INSTALLMENT_BADGE, PRODUCT_VARIANTS } from '@tessera/core/markup';
import { installmentBadgeText, installmentModalLocale } from '@tessera/core/product';
import type { TesseraGlobal } from '../../bootstrap.js';
import type { CommerceApi } from '../../api/commerce.js';
import { LazyDialog as Dialog } from '../../ui/LazyDialog.js';
import { type InstallmentSettings, moneyFormatter, pageApi, storeOf } from '../shared/site.js';
import type { VariantChangeDetail } from '../add-to-cart/variant-image.js';

const PROVIDER_NAMES: Record<string, string> = { afterpay: 'Afterpay', clearpay: 'Clearpay' };

interface InstallmentBadgeProps {
  readonly itemId: string;
  readonly priceCents: number;
  readonly settings: InstallmentSettings;
  readonly format: (cents: number) => string;
  readonly language: string;
  readonly api: Pick<CommerceApi, 'installmentInfo'>;
  /** The page's words in its language (the site context's `localizedStrings`); English without them. */
  readonly strings?: Readonly<Record<string, string>>;
}

function InstallmentBadge({ itemId, priceCents, settings, format, language, api, strings = {} }: InstallmentBadgeProps) {
  const [price, setPrice] = useState(priceCents);
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  const provider = PROVIDER_NAMES[settings.provider] ?? settings.provider;

  useEffect(() => {
    const onVariant = (e: Event) => {
      const { itemId: id, variant } = (e as CustomEvent<VariantChangeDetail>).detail ?? {};
      const cents = variant ? (variant.onSale ? variant.salePrice : variant.price) : undefined;
      if (id === itemId && typeof cents === 'number') setPrice(cents);
    };
    document.addEventListener(PRODUCT_VARIANTS.changeEvent, onVariant);
    return () => document.removeEventListener(PRODUCT_VARIANTS.changeEvent, onVariant);
  }, [itemId]);

  useEffect(() => {
    if (!open || html !== null) return;
    const locale = installmentModalLocale(settings.provider, language);
    void api.installmentInfo(settings.provider, locale).then((text) => {
      if (text === null) console.warn(`Tessera: the ${provider} information (${locale}) could not be loaded`);
      else setHtml(text);
    });
  }, [open]);

  // "… with Afterpay": the provider's name set in bold inside the sentence.
  const [withBefore = '', withAfter = ''] = (strings.installmentsWithProviderText || STOREFRONT_TEXTS.installmentProvider).split('{provider}');
  const text = installmentBadgeText({
    priceCents: price,
    minCents: settings.minCents,
    maxCents: settings.maxCents,
    numInstallments: settings.numInstallments,
    formatAmount: format,
    texts: { inRange: strings.installmentsInRangeText, upTo: strings.installmentsUpToText, over: strings.installmentsOverText },
  });
  return (
    <>
      <button type="button" className="installment-badge__text" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text} {withBefore}
        <span className="installment-badge__provider">{provider}</span>
        {withAfter}
      </button>
      <button
        type="button"
        className={INSTALLMENT_BADGE.infoButtonClass}
        aria-haspopup="dialog"
        aria-label={fillText(strings.installmentsInfoText || STOREFRONT_TEXTS.installmentInfo, { provider })}
        onClick={() => setOpen(true)}>
        <span aria-hidden="true">i</span>
      </button>
      {open && (
        <Dialog
          title={fillText(strings.installmentsDialogTitleText || STOREFRONT_TEXTS.installmentDialogTitle, { provider })}
          onClose={() => setOpen(false)}
          className="tessera-dialog--installments">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's information page, served by this site */}
          {html !== null && <div className="installment-info-content" dangerouslySetInnerHTML={{ __html: html }} />}
        </Dialog>
      )}
    </>
  );
}

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const settings = storeOf(tessera.context).installments;
  // The site context says whether a provider is available; physical products only.
  if (!settings?.provider) return;
  const format = moneyFormatter(tessera.context);
  for (const element of elements as HTMLElement[]) {
    const A = INSTALLMENT_BADGE.attributes;
    const priceCents = Number(element.getAttribute(A.priceCents));
    if (element.getAttribute(A.productType) !== '1' || !Number.isSafeInteger(priceCents)) continue;
    createRoot(element).render(
      <InstallmentBadge
        itemId={element.getAttribute(A.itemId) ?? ''}
        priceCents={priceCents}
        settings={settings}
        format={format}
        language={tessera.context?.language ?? 'en-US'}
        api={pageApi(tessera)}
        strings={tessera.context?.localizedStrings}
      />,
    );
  }
}
