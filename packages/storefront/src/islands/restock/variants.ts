// Which variant the visitor has chosen, for the restock forms of a product: the storefront's variant
// chooser reports it with `tessera:variant-change` (VariantChangeDetail in @tessera/core); the island
// also reads the engine's chooser (`.product-variants[data-variants]` and its selects) itself, so it
// follows the choice whichever island drives the chooser.
import { PRODUCT_VARIANTS as V } from '@tessera/core/markup';

export interface VariantChoice {
  /** The chosen variant's id, or null while the choice is incomplete. */
  readonly variantId: string | null;
  /** Options still unselected, in the chooser's order. */
  readonly unselected: readonly string[];
}

interface ChooserVariant {
  readonly id?: string;
  readonly attributes?: Readonly<Record<string, string>>;
}

export function findChooser(doc: Document, productId: string): HTMLElement | null {
  return (
    Array.from(doc.querySelectorAll<HTMLElement>(`.${V.class}[${V.attributes.itemId}]`)).find((el) => el.getAttribute(V.attributes.itemId) === productId) ??
    null
  );
}

/** The choice the chooser's selects (or, without a value there, its radio buttons) make now. */
export function readChoice(chooser: HTMLElement): VariantChoice {
  let variants: ChooserVariant[] = [];
  try {
    variants = JSON.parse(chooser.getAttribute(V.attributes.variants) ?? '[]') as ChooserVariant[];
  } catch {
    variants = [];
  }
  const chosen: Record<string, string> = {};
  const unselected: string[] = [];
  for (const select of Array.from(chooser.querySelectorAll<HTMLSelectElement>(`select[${V.attributes.optionName}]`))) {
    const name = select.getAttribute(V.attributes.optionName)!;
    const radio = Array.from(chooser.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')).find((r) => r.name === V.radioNamePrefix + name);
    const value = select.value || radio?.value || '';
    if (value) chosen[name] = value;
    else unselected.push(name);
  }
  if (unselected.length > 0) return { variantId: null, unselected };
  const match = variants.find((v) => Object.entries(chosen).every(([name, value]) => v.attributes?.[name] === value));
  return { variantId: match?.id ?? null, unselected: [] };
}
