// The variants table: per variant its SKU, price, sale price and On sale, stock (a new variant's
// starting stock; an existing variant's live stock, changed on the inventory page) or unlimited, and
// weight, and the free-price label under them. A gift card's variants are its amounts instead (amounts.tsx); only their SKUs are typed here.
import type { ReactNode } from 'react';
import { formatCount } from '../../../format.js';
import type { VariantDraft } from '../variants.js';
import { variantName } from '../variants.js';
import { OptionsEditor } from './options.js';
import { GiftCardAmounts } from './amounts.js';
import { FreePriceFields } from './free-price.js';
import { type SectionProps, fieldId } from './props.js';

const path = (i: number, field: string) => `item.product.variants[${i}].${field}`;

function Cell({
  i,
  field,
  label,
  error,
  children,
  className,
}: {
  i: number;
  field: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td data-label={label} className={className}>
      {children}
      {error && (
        <span className="field-error" id={`${fieldId(path(i, field))}-error`}>
          {error}
        </span>
      )}
    </td>
  );
}

export function VariantsSection(props: SectionProps) {
  const { draft, set, errors, language, currency } = props;
  const type = draft.productType;
  const giftCard = type === 4;
  const stocked = type === 1 || type === 3;
  const physical = type === 1;
  const change = (index: number, patch: Partial<VariantDraft>) => set({ variants: draft.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) });
  const input = (
    i: number,
    field: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    extra: { inputMode?: 'decimal' | 'numeric'; disabled?: boolean } = {},
  ) => {
    const id = fieldId(path(i, field));
    const error = errors[path(i, field)];
    return (
      <input
        id={id}
        aria-label={`${label} of ${variantName(draft.variants[i]!)}`}
        value={value}
        inputMode={extra.inputMode}
        disabled={extra.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  };
  const gone = countGone(props);
  return (
    <section className="card store-section" aria-labelledby="product-variants">
      <h2 id="product-variants">{giftCard ? 'Amounts and variants' : 'Options and variants'}</h2>
      {giftCard ? (
        <GiftCardAmounts {...props} />
      ) : (
        <>
          <p className="section-note">Each combination of one value of every option is a variant, with its own SKU, price and stock.</p>
          <OptionsEditor draft={draft} set={set} />
        </>
      )}
      {errors['item.product.variants'] && (
        <p className="field-error" id={fieldId('item.product.variants')}>
          {errors['item.product.variants']}
        </p>
      )}
      {gone > 0 && (
        <p className="notice" role="status">
          {gone === 1 ? 'One variant' : `${formatCount(language, gone)} variants`} of the saved product will be deleted when you save.
        </p>
      )}
      {stocked && (
        <p className="section-note">
          The stock of a saved variant changes only on the{' '}
          <a href={`/config/inventory?q=${encodeURIComponent(draft.variants.find((v) => v.id)?.sku ?? '')}`}>inventory page</a>, where each change is recorded;
          a new variant starts with the stock typed here.
        </p>
      )}
      <div className="table-scroll">
        <table className="orders-table variants-table">
          <caption className="visually-hidden">Variants</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              {!giftCard && (
                <>
                  <th scope="col">Price ({currency})</th>
                  <th scope="col">Sale price</th>
                  <th scope="col">On sale</th>
                </>
              )}
              {stocked && <th scope="col">Stock</th>}
              {physical && <th scope="col">Weight (g)</th>}
            </tr>
          </thead>
          <tbody>
            {draft.variants.map((v, i) => {
              const name = variantName(v);
              return (
                <tr key={v.key} data-variant={name}>
                  <th scope="row">{name}</th>
                  <Cell i={i} field="sku" label="SKU" error={errors[path(i, 'sku')]}>
                    {input(i, 'sku', 'SKU', v.sku, (sku) => change(i, { sku }))}
                  </Cell>
                  {!giftCard && (
                    <>
                      <Cell i={i} field="priceCents" label={`Price (${currency})`} error={errors[path(i, 'priceCents')]}>
                        {input(i, 'priceCents', 'Price', v.price, (price) => change(i, { price }), { inputMode: 'decimal' })}
                      </Cell>
                      <Cell i={i} field="salePriceCents" label="Sale price" error={errors[path(i, 'salePriceCents')]}>
                        {input(i, 'salePriceCents', 'Sale price', v.salePrice, (salePrice) => change(i, { salePrice }), { inputMode: 'decimal' })}
                      </Cell>
                      <td data-label="On sale" className="check-cell">
                        <input
                          type="checkbox"
                          id={fieldId(path(i, 'onSale'))}
                          aria-label={`${name} on sale`}
                          checked={v.onSale}
                          onChange={(e) => change(i, { onSale: e.target.checked })}
                        />
                      </td>
                    </>
                  )}
                  {stocked && (
                    <Cell i={i} field="stock" label="Stock" error={errors[path(i, 'stock')]} className="stock-cell">
                      {v.id ? (
                        <span className="live-stock">
                          <span className="live-count">{v.unlimited ? 'Unlimited' : `${formatCount(language, v.liveStock ?? 0)} in stock`}</span>{' '}
                          <a className="adjust-link" href={`/config/inventory?q=${encodeURIComponent(v.sku)}`}>
                            Adjust <span className="visually-hidden">the stock of {name}</span>
                          </a>
                        </span>
                      ) : (
                        !v.unlimited && input(i, 'stock', 'Starting stock', v.stock, (stock) => change(i, { stock }), { inputMode: 'numeric' })
                      )}
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          id={fieldId(path(i, 'unlimited'))}
                          checked={v.unlimited}
                          onChange={(e) => change(i, { unlimited: e.target.checked })}
                        />
                        Unlimited <span className="visually-hidden">stock of {name}</span>
                      </label>
                    </Cell>
                  )}
                  {physical && (
                    <Cell i={i} field="weightGrams" label="Weight (g)" error={errors[path(i, 'weightGrams')]}>
                      {input(i, 'weightGrams', 'Weight in grams', v.weight, (weight) => change(i, { weight }), { inputMode: 'numeric' })}
                    </Cell>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!giftCard && <FreePriceFields draft={draft} set={set} errors={errors} />}
    </section>
  );
}

/** How many of the saved product's variants the draft no longer has. */
function countGone({ draft }: SectionProps): number {
  return draft.savedVariantIds.filter((id) => !draft.variants.some((v) => v.id === id)).length;
}
