// What the add-to-cart island reads from the engine's markup (the markup contract of
// @tessera/core): the button's data attributes, the variant selects and the quantity input of the
// same item, and the product gallery the variant image goes to.
import { ADD_TO_CART_BUTTON, COMMON_ATTRIBUTES, PRODUCT_VARIANTS, QUANTITY_INPUT_MARKUP, attributeSelector } from '@tessera/core/markup';
import type { ProductData, VariantData } from '@tessera/core/product';

/** A variant as the engine writes it into `data-variants`. */
export interface VariantMarkup extends VariantData {
  readonly id?: string;
  readonly mainImage?: { readonly assetUrl?: string; readonly altText?: string } | null;
}

export interface ProductMarkup {
  readonly itemId: string;
  readonly productType: number;
  /** The engine's button element (kept in the page, hidden, for its classes and label). */
  readonly button: HTMLElement;
  readonly useCustomLabel: boolean;
  readonly originalLabel: string;
  readonly isSubscription: boolean;
  readonly expressCheckout: boolean;
  /** The additional-fields form definition the button opens first, or null. */
  readonly form: Record<string, unknown> | null;
  /** The variants' element, when the product offers choices. */
  readonly variantsElement: HTMLElement | null;
  readonly variants: readonly VariantMarkup[];
  /** Option names in the order of their selects. */
  readonly optionNames: readonly string[];
  readonly quantityInput: HTMLInputElement | null;
  /** The product's name as its block shows it (its heading), else the page's title. */
  readonly title: string;
}

const A = ADD_TO_CART_BUTTON.attributes;

function json<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function readProductMarkup(button: HTMLElement, expressCheckoutSite = false): ProductMarkup {
  const doc = button.ownerDocument;
  const itemId = button.getAttribute(A.itemId) ?? '';
  const byItem = (cls: string) => doc.querySelector<HTMLElement>(`.${cls}${attributeSelector(COMMON_ATTRIBUTES.itemId, itemId)}`);
  const variantsElement = byItem(PRODUCT_VARIANTS.class);
  const optionNames = variantsElement
    ? Array.from(
        variantsElement.querySelectorAll(`select${attributeSelector(PRODUCT_VARIANTS.attributes.optionName)}`),
        (s) => s.getAttribute(PRODUCT_VARIANTS.attributes.optionName)!,
      )
    : [];
  const form = json<Record<string, unknown>>(button.getAttribute(A.form));
  return {
    itemId,
    productType: Number(button.getAttribute(A.productType) ?? 0),
    button,
    useCustomLabel: button.getAttribute(A.useCustomLabel) === 'true',
    originalLabel: button.getAttribute(A.originalLabel) ?? button.textContent?.trim() ?? '',
    isSubscription: button.getAttribute(A.isSubscription) === 'true',
    expressCheckout: expressCheckoutSite || button.hasAttribute(ADD_TO_CART_BUTTON.expressCheckoutAttribute),
    form: form && Array.isArray(form.fields) ? form : null,
    variantsElement,
    variants: json<VariantMarkup[]>(variantsElement?.getAttribute(PRODUCT_VARIANTS.attributes.variants) ?? null) ?? [],
    optionNames,
    quantityInput: byItem(QUANTITY_INPUT_MARKUP.class)?.querySelector('input') ?? null,
    title:
      button.closest(`[${COMMON_ATTRIBUTES.itemId}]:not(.${ADD_TO_CART_BUTTON.buttonClass})`)?.querySelector('h1, h2, h3')?.textContent?.trim() || doc.title,
  };
}

/** The option values chosen now: each select's value, else its checked radio button. */
export function chosenOptions(markup: ProductMarkup): Record<string, string> {
  const chosen: Record<string, string> = {};
  const root = markup.variantsElement;
  if (!root) return chosen;
  for (const name of markup.optionNames) {
    const select = root.querySelector<HTMLSelectElement>(`select${attributeSelector(PRODUCT_VARIANTS.attributes.optionName, name)}`);
    const radio = root.querySelector<HTMLInputElement>(`input${attributeSelector('name', PRODUCT_VARIANTS.radioNamePrefix + name)}:checked`);
    chosen[name] = select?.value || radio?.value || '';
  }
  return chosen;
}

/**
 * The product as core's add-to-cart rule reads it. A product without choices has no variants
 * element: it is one variant without attributes whose stock only the server knows.
 */
export function productData(markup: ProductMarkup): ProductData & { variantOptionOrdering: readonly string[] } {
  const variants: readonly VariantData[] = markup.variantsElement ? markup.variants : [{ attributes: {}, unlimited: true }];
  return { productType: markup.productType, variants, variantOptionOrdering: markup.optionNames, isSubscribable: markup.isSubscription };
}

/** The label the engine would have shown, for the storefront: the custom label, else core's default. */
export function labelProduct(markup: ProductMarkup): ProductData {
  return {
    useCustomAddButtonText: markup.useCustomLabel,
    customAddButtonText: markup.useCustomLabel ? markup.originalLabel : '',
    isSubscribable: markup.isSubscription,
  };
}
