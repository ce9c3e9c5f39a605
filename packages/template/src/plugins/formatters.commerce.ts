// Commerce formatters: product prices and badges, the add-to-cart button, variant choosers, quantity,
// restock and scarcity markup, money and cart helpers. Every rule and default string comes from
// @tessera/core; the markup of the larger pieces lives in ../snippets.

import { escapeHtmlAttr, escapeHtmlText } from '@tessera/core/html';
import {
  CART_INDICATOR,
  PRODUCT_MARK,
  PRODUCT_PRICE,
  ProductType,
  PRODUCT_SCARCITY,
  PRODUCT_STATUS_TEXT,
  QUICK_VIEW,
  QUANTITY_INPUT,
  addToCartLabel,
  currencyOf,
  flag,
  formatMoney,
  formatMoneyPlain,
  fromMoneyValue,
  fromPriceCents,
  makeMoney,
  normalPriceCents,
  productPriceLines,
  productPriceView,
  productStatus,
  productTypeOf,
  salePriceCents,
  scarcityHiddenByDefault,
  scarcityText,
  showQuantityInput,
  subscriptionOptionsPriceDisplay,
  usesAdditionalFieldsForm,
  variantsOf,
  type ProductData,
} from '@tessera/core';
import { isTruthy } from '../runtime/values.js';
import { ADD_TO_CART_SNIPPET } from '../snippets/add-to-cart.js';
import { QUANTITY_INPUT_SNIPPET } from '../snippets/quantity-input.js';
import { RESTOCK_SNIPPET } from '../snippets/restock.js';
import { VARIANTS_SELECT_SNIPPET } from '../snippets/variants-select.js';
import { asInt, asNumber } from './convert.js';
import { dig, field, record, text } from './html.js';
import { decimalText, numberFormatter } from './intl.js';
import { localized, localizedStrings, merchandising, priceLinesMarkup, productOf } from './product.js';
import type { Formatter, FormatterTable, PluginContext } from './types.js';

const addToCartButton: Formatter = (item, _args, ctx) => {
  const product = productOf(item) ?? {};
  const subscribable = flag(product.isSubscribable);
  const options = field(product, 'productSubscriptionOptions');
  const firstOption = Array.isArray(options) ? options[0] : undefined;
  const view = {
    itemId: text(field(item, 'id')),
    collectionId: text(field(item, 'collectionId')),
    productType: text(product.productType),
    useCustomLabel: text(product.useCustomAddButtonText),
    label: addToCartLabel(product, { localizedStrings: localizedStrings(ctx) }),
    useForm: usesAdditionalFieldsForm(product),
    form: usesAdditionalFieldsForm(product) ? JSON.stringify(product.additionalFieldsForm) : '',
    isSubscription: subscribable,
    subscriptionOptionId: subscribable ? text(field(firstOption, 'id')) : '',
  };
  return ctx.renderSnippet(ADD_TO_CART_SNIPPET, view, { private: true });
};

// An item whose product type is none of the template engine's codes (physical 1, digital 2, service 3,
// gift card 4; none given reads as 0) still shows a price: 0.00, as the reference engines write it. Only
// the explicit UNDEFINED code (-1) shows none.
const TEMPLATE_PRODUCT_TYPES: readonly number[] = [
  ProductType.UNDEFINED,
  ProductType.PHYSICAL,
  ProductType.DIGITAL,
  ProductType.SERVICE,
  ProductType.GIFT_CARD,
];
const unknownProductType = (product: ProductData | undefined) => !TEMPLATE_PRODUCT_TYPES.includes(asInt(product?.productType));

const productPrice: Formatter = (item, _args, ctx) => {
  const product = productOf(item);
  const view = productPriceView(product);
  const lines =
    view.kind === 'none' && unknownProductType(product)
      ? productPriceLines({ kind: 'single', cents: 0, currency: currencyOf(product) }, localizedStrings(ctx))
      : productPriceLines(view, localizedStrings(ctx));
  return `<div class="${PRODUCT_PRICE.class}">\n${priceLinesMarkup(lines, currencyOf(product), ctx)}\n</div>`;
};

const subscriptionPrice: Formatter = (item, _args, ctx) => {
  const product = productOf(item);
  const lines = productPriceLines(subscriptionOptionsPriceDisplay(product), localizedStrings(ctx));
  return `<div class="${PRODUCT_PRICE.subscriptionPriceClass}">\n${priceLinesMarkup(lines, currencyOf(product), ctx)}\n</div>`;
};

const productStatusMark: Formatter = (item, _args, ctx) => {
  const status = productStatus(productOf(item));
  if (status === null) return '';
  let label: string;
  if (status === 'sold-out') {
    const custom = merchandising(ctx, item).customSoldOutText;
    label = typeof custom === 'string' && custom !== '' ? custom : localized(ctx, 'productSoldOutText', PRODUCT_STATUS_TEXT['sold-out']);
  } else {
    label = localized(ctx, 'productSaleText', PRODUCT_STATUS_TEXT.sale);
  }
  const cls = status === 'sold-out' ? PRODUCT_MARK.soldOutClass : PRODUCT_MARK.saleClass;
  return `<div class="${PRODUCT_MARK.class} ${cls}">${escapeHtmlText(label)}</div>`;
};

/** Distinct values of one option over the variants, in variant order. */
function optionValues(variants: readonly unknown[], name: string): string[] {
  const seen = new Set<string>();
  for (const v of variants) {
    const value = dig(v, 'attributes', name);
    if (typeof value === 'string' || typeof value === 'number') seen.add(String(value));
  }
  return [...seen];
}

const variantsSelect: Formatter = (item, _args, ctx) => {
  const product = productOf(item);
  const variants = variantsOf(product);
  const ordering = field(product, 'variantOptionOrdering');
  // A chooser is only worth showing when there is something to choose.
  if (variants.length < 2 || !Array.isArray(ordering) || ordering.length === 0) return '';
  const giftCard = productTypeOf(product) === 4;
  const selectTemplate = giftCard
    ? localized(ctx, 'giftCardVariantSelectText', 'Select {variantName}')
    : localized(ctx, 'productVariantSelectText', 'Select {variantName}');
  const options = ordering
    .filter((n): n is string => typeof n === 'string')
    .map((name) => ({
      name,
      title: giftCard ? localized(ctx, 'giftCardValueDisplayText', name) : name,
      selectText: selectTemplate.replace(/\{variantName\}/g, () => name),
      values: optionValues(variants, name),
    }));
  const subscribable = flag(product?.isSubscribable);
  const view = {
    itemId: text(field(item, 'id')),
    variantsJson: JSON.stringify(variants),
    isSubscribable: subscribable,
    planJson: subscribable ? JSON.stringify(product?.subscriptionPlan ?? null) : '',
    options,
  };
  return ctx.renderSnippet(VARIANTS_SELECT_SNIPPET, view, { private: true });
};

function quantitySettings(ctx: PluginContext) {
  const allow = dig(ctx.root, 'storeSettings', 'allowMultipleQuantityForServices');
  return typeof allow === 'boolean' ? { allowMultipleQuantityForServices: allow } : {};
}

const quantityInput: Formatter = (item, _args, ctx) => {
  if (!showQuantityInput(productOf(item), quantitySettings(ctx))) return '';
  const view = { itemId: text(field(item, 'id')), label: localized(ctx, 'productQuantityInputLabel', QUANTITY_INPUT.label) };
  return ctx.renderSnippet(QUANTITY_INPUT_SNIPPET, view, { private: true });
};

// The variant chooser, the quantity input and the button, spaced as the format's product checkout is.
const productCheckout: Formatter = (item, args, ctx) => {
  const quantity = quantityInput(item, args, ctx);
  const above = [variantsSelect(item, args, ctx), quantity].filter((part) => part !== '').join('\n\n\n');
  const gap = above === '' ? '' : '\n'.repeat(quantity === '' ? 14 : 13);
  return above + gap + addToCartButton(item, args, ctx);
};

// The group argument names a field of the item, else a variable of the sections; when it names neither it
// is the group itself (`{@|product-quick-view featured}`).
function quickViewGroup(item: unknown, arg: string | undefined, ctx: PluginContext): string {
  if (arg === undefined || arg === '') return '';
  const own = field(item, arg);
  if (own !== undefined) return text(own);
  const found = ctx.resolve(arg);
  return found !== undefined ? text(found) : arg;
}

const productQuickView: Formatter = (item, args, ctx) => {
  const group = quickViewGroup(item, args[0], ctx);
  const label = localized(ctx, 'productQuickViewText', 'Quick View');
  return (
    `<span class="${QUICK_VIEW.class}" role="button" tabindex="0" ${QUICK_VIEW.attributes.id}="${escapeHtmlAttr(text(field(item, 'id')))}"` +
    ` ${QUICK_VIEW.attributes.group}="${escapeHtmlAttr(group)}">${escapeHtmlText(label)}</span>`
  );
};

const restockNotification: Formatter = (item, _args, ctx) => {
  const merch = merchandising(ctx, item);
  const views = merch.restockNotificationViews;
  if (!Array.isArray(views)) return '';
  const messages = record(merch.restockNotificationMessages);
  const captcha = isTruthy(dig(ctx.root, 'website', 'captchaSettings', 'siteKey'));
  return views
    .map((v) =>
      ctx.renderSnippet(
        RESTOCK_SNIPPET,
        {
          productId: text(field(item, 'id')),
          variantId: text(field(v, 'variantId')),
          hidden: flag(field(v, 'hiddenByDefault')),
          cta: text(messages.CTAText),
          placeholder: text(messages.placeholderText),
          buttonText: text(messages.buttonText),
          mailingList: flag(merch.mailingListSignUpEnabled),
          optIn: flag(merch.mailingListOptInByDefault),
          mailingListDescription: text(messages.mailingListDescription),
          captcha,
        },
        { private: true },
      ),
    )
    .join('\n\n');
};

const productScarcity: Formatter = (item, _args, ctx) => {
  const merch = merchandising(ctx, item);
  const views = merch.scarcityTemplateViews;
  if (!flag(merch.scarcityEnabled) || !Array.isArray(views)) return '';
  const template = text(merch.scarcityText);
  return (
    views
      .map((v) => {
        const attributes = field(v, 'attributes');
        const view = {
          qtyInStock: asNumber(field(v, 'qtyInStock')),
          ...(attributes && typeof attributes === 'object' ? { attributes: attributes as Record<string, string> } : {}),
        };
        const attrs = view.attributes ? ` ${PRODUCT_SCARCITY.attributes.variantAttributes}="${escapeHtmlAttr(JSON.stringify(view.attributes))}"` : '';
        const hidden = scarcityHiddenByDefault(view) ? ' hidden' : '';
        return `<div class="${PRODUCT_SCARCITY.class}"${attrs}${hidden}>\n    ${escapeHtmlText(scarcityText(template, view.qtyInStock))}\n  </div>`;
      })
      .join('\n\n  ') + '\n'
  );
};

const variantDescriptor: Formatter = (variant) => {
  const values = field(variant, 'optionValues');
  if (!Array.isArray(values)) return '';
  return values.map((o) => text(field(o, 'value'))).join(' / ');
};

// Product prices in minor units, for themes that format them with money-format.
const priceOf =
  (fn: (p: ProductData | undefined) => number): Formatter =>
  (item) =>
    fn(productOf(item));

/** A minor-unit amount (number) or a money object, as Money; undefined when neither. */
function moneyArg(value: unknown) {
  if (value !== null && typeof value === 'object') return fromMoneyValue(value);
  const n = asNumber(value);
  return typeof value === 'number' || typeof value === 'string' ? (Number.isSafeInteger(n) ? makeMoney(n) : undefined) : undefined;
}

/**
 * A whole number of cents too large for a Money (past 2^53, as such JSON numbers read): its decimal text
 * divided by 100 and grouped, as the Java reference engine writes the number it reads
 * (123456789012345678 reads as 123456789012345680 and writes 1,234,567,890,123,456.80).
 */
function largeCentsText(value: unknown): string | undefined {
  const t = decimalText(value);
  if (t === undefined || !/^-?\d{16,}$/.test(t)) return undefined;
  const negative = t.charCodeAt(0) === 45; /* - */
  const digits = negative ? t.slice(1) : t;
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`;
}

/** The legacy money text of an amount in cents or a money object; undefined when it is neither. */
function legacyMoneyText(value: unknown): string | undefined {
  const money = moneyArg(value);
  return money === undefined ? largeCentsText(value) : formatMoneyPlain(money);
}

const moneyFormat: Formatter = (value) => legacyMoneyText(value) ?? '';

const moneyString: Formatter = (value) => {
  const text = legacyMoneyText(value);
  return text === undefined ? '' : `<span class="${PRODUCT_PRICE.moneyClass}">${text}</span>`;
};

// The value is an amount in cents, a number or a decimal string; anything else (a money object, a word, nothing)
// counts as 0, and a fraction of a cent rounds half to even, as the reference engines read it.
const bookkeeperMoneyFormat: Formatter = (value, _args, ctx) => {
  if (ctx.locale === undefined) return '';
  const cents = roundHalfEven(Number(decimalText(value) ?? 0));
  if (!Number.isSafeInteger(cents)) return '';
  return formatMoney(makeMoney(cents), { locale: ctx.locale });
};

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}

const percentageFormat: Formatter = (value, args, ctx) => {
  const n = asNumber(value);
  const trim = args.includes('trim');
  return numberFormatter(
    ctx.locale ?? 'en',
    {
      minimumFractionDigits: trim ? 0 : 2,
      maximumFractionDigits: 3,
    },
    false,
  )(Number.isFinite(n) ? n : 0);
};

const cartQuantity: Formatter = (cart) => {
  const entries = field(cart, 'entries');
  let total = 0;
  if (Array.isArray(entries)) for (const e of entries) total += Math.max(0, asNumber(field(e, 'quantity')) || 0);
  return `<span class="${CART_INDICATOR.quantityClass}">${total}</span>`;
};

export const commerceFormatters: FormatterTable = {
  'add-to-cart-btn': addToCartButton,
  'product-price': productPrice,
  'subscription-price': subscriptionPrice,
  'from-price': priceOf(fromPriceCents),
  'normal-price': priceOf(normalPriceCents),
  'sale-price': priceOf(salePriceCents),
  'product-status': productStatusMark,
  'product-checkout': productCheckout,
  'product-quick-view': productQuickView,
  'quantity-input': quantityInput,
  'variants-select': variantsSelect,
  'variant-descriptor': variantDescriptor,
  'product-restock-notification': restockNotification,
  'product-scarcity': productScarcity,
  'money-format': moneyFormat,
  moneyFormat,
  'money-string': moneyString,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'percentage-format': percentageFormat,
  'cart-quantity': cartQuantity,
  // Kept for old themes: the subtotal is shown by the storefront's cart island.
  'cart-subtotal': () => 'deprecated, do not use',
  'cart-url': () => '/cart',
};
