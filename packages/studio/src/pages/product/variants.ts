// Options (attributes) and the variants their values build: every combination of one value of each
// option is a variant. Adding a value adds the variants it makes; a combination that already had a
// variant keeps it (its id, SKU, prices and stock), so that editing options never loses a variant's data.

export interface OptionDraft {
  /** The option's key in the page (its name may change while it is typed). */
  readonly key: string;
  readonly name: string;
  readonly values: readonly string[];
}

export interface VariantDraft {
  /** The row's key in the page; the variant's id for one the store has. */
  readonly key: string;
  readonly id?: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly sku: string;
  /** Money as typed, in the currency's major units. */
  readonly price: string;
  readonly salePrice: string;
  readonly onSale: boolean;
  /** The starting stock of a new variant, as typed; an existing variant's stock is `liveStock`. */
  readonly stock: string;
  readonly liveStock: number | null;
  readonly unlimited: boolean;
  /** Grams, as typed; '' for none. */
  readonly weight: string;
  readonly image: string;
  /** The variant's fields this editor does not show, sent back as they came. */
  readonly extra: Readonly<Record<string, unknown>>;
}

let next = 0;
export const newKey = () => `new-${++next}`;

/** Every combination of one value of each option, in the options' order; one empty combination without options. */
export function combinations(options: readonly OptionDraft[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const option of options) {
    if (!option.name || option.values.length === 0) continue;
    out = out.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value })));
  }
  return out;
}

const same = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** Whether `attributes` agree with `combo` on every option the two share. */
const agrees = (attributes: Readonly<Record<string, string>>, combo: Readonly<Record<string, string>>) =>
  Object.entries(attributes).every(([k, v]) => !(k in combo) || combo[k] === v);

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toUpperCase();

/** A SKU for a new combination: the first variant's SKU stem with the combination's values. */
function suggestSku(base: string, combo: Readonly<Record<string, string>>, taken: ReadonlySet<string>): string {
  const stem = base || 'SKU';
  const parts = Object.values(combo).map(slug).filter(Boolean);
  const first = parts.length ? `${stem}-${parts.join('-')}` : stem;
  let sku = first.slice(0, 64);
  for (let n = 2; taken.has(sku); n++) sku = `${first.slice(0, 60)}-${n}`;
  return sku;
}

/**
 * The variants of `options`: a combination keeps the variant it had; a new combination takes the
 * prices and weight of the variant it grew from (the one whose values it shares, else the first),
 * a suggested SKU and no stock. Variants whose combination is gone are left out (a save deletes them).
 */
export function buildVariants(options: readonly OptionDraft[], variants: readonly VariantDraft[], skuStem: string): VariantDraft[] {
  const taken = new Set(variants.map((v) => v.sku));
  const used = new Set<VariantDraft>();
  const combos = combinations(options);
  const kept = combos.map((combo) => {
    const own = variants.find((v) => !used.has(v) && same(v.attributes, combo));
    if (own) used.add(own);
    return own;
  });
  return combos.map((combo, i) => {
    const own = kept[i];
    if (own) return own;
    // A variant made before this option existed (or before this value) passes its data on once.
    const parent = variants.find((v) => !used.has(v) && agrees(v.attributes, combo));
    if (parent && !kept.includes(parent)) {
      used.add(parent);
      return { ...parent, attributes: combo };
    }
    const model = variants.find((v) => agrees(v.attributes, combo)) ?? variants[0];
    const sku = suggestSku(skuStem, combo, taken);
    taken.add(sku);
    return {
      key: newKey(),
      attributes: combo,
      sku,
      price: model?.price ?? '',
      salePrice: model?.salePrice ?? '',
      onSale: model?.onSale ?? false,
      stock: '0',
      liveStock: null,
      unlimited: model?.unlimited ?? false,
      weight: model?.weight ?? '',
      image: '',
      extra: {},
    };
  });
}

/** The SKU stem new variants are named from: the first variant's SKU without its values. */
export function skuStem(variants: readonly VariantDraft[]): string {
  const first = variants[0];
  if (!first) return '';
  const tail = Object.values(first.attributes).map(slug).filter(Boolean).join('-');
  return tail && first.sku.toUpperCase().endsWith(`-${tail}`) ? first.sku.slice(0, -(tail.length + 1)) : first.sku;
}

/** A variant's name for the owner: its values ("Blue / S"), or "Default" without options. */
export function variantName(v: VariantDraft): string {
  const values = Object.values(v.attributes);
  return values.length ? values.join(' / ') : 'Default';
}

/**
 * A gift card's variants: one per amount (as in the demo shop), named by the amount under the option
 * "Value", priced at it, never out of stock. An amount keeps the variant it had (its id and SKU).
 */
export function giftCardVariants(amounts: readonly string[], names: readonly string[], variants: readonly VariantDraft[], skuBase: string): VariantDraft[] {
  const taken = new Set(variants.map((v) => v.sku));
  const used = new Set<VariantDraft>();
  return amounts.map((amount, i) => {
    const own = variants.find((v) => !used.has(v) && v.price === amount) ?? variants.find((v, j) => j === i && !used.has(v) && !amounts.includes(v.price));
    const attributes = { Value: names[i] ?? amount };
    if (own) {
      used.add(own);
      return { ...own, attributes, price: amount, salePrice: '', onSale: false, unlimited: true };
    }
    const sku = suggestSku(skuBase || 'GIFT', { Value: amount }, taken);
    taken.add(sku);
    return {
      key: newKey(),
      attributes,
      sku,
      price: amount,
      salePrice: '',
      onSale: false,
      stock: '0',
      liveStock: null,
      unlimited: true,
      weight: '',
      image: '',
      extra: {},
    };
  });
}
