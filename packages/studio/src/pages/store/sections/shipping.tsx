import { rowKey } from '../draft.js';
import { TextField } from '../fields.js';
import { type SectionProps, currencyOf, setRow } from './props.js';

/** Shipping options: id, name, price and the subtotal from which the option is free. */
export function ShippingSection(props: SectionProps) {
  const { draft, errors, edit } = props;
  const { code } = currencyOf(props);
  const list = draft.shippingOptions;
  const change = (i: number, field: 'id' | 'name' | 'price' | 'freeOver', path: string) => (value: string) =>
    edit({ ...draft, shippingOptions: setRow(list, i, { [field]: value }) }, `store.shippingOptions.${i}.${path}`);
  const add = () =>
    edit({ ...draft, shippingOptions: [...list, { key: rowKey(), id: `option-${list.length + 1}`, name: '', price: '', freeOver: '', extra: {} }] });
  const remove = (i: number) => edit({ ...draft, shippingOptions: list.filter((_, j) => j !== i) }, 'store.shippingOptions.');
  return (
    <section className="card store-section" aria-labelledby="store-shipping">
      <div className="section-head">
        <h2 id="store-shipping">Shipping</h2>
        <button type="button" className="button-secondary" onClick={add}>
          Add a shipping option
        </button>
      </div>
      <p className="section-note">Shoppers choose one of these when their order holds a physical product. The first is listed first.</p>
      {list.length === 0 && <p className="empty">No shipping options: orders that ship are placed without a shipping charge.</p>}
      {list.map((o, i) => {
        const at = `store.shippingOptions.${i}`;
        const name = o.name || `Shipping option ${i + 1}`;
        return (
          <fieldset key={o.key} className="row-card">
            <legend>{name}</legend>
            <div className="field-grid">
              <TextField path={`${at}.name`} label="Name" value={o.name} onChange={change(i, 'name', 'name')} error={errors[`${at}.name`]} maxLength={100} />
              <TextField
                path={`${at}.id`}
                label="Id"
                value={o.id}
                onChange={change(i, 'id', 'id')}
                error={errors[`${at}.id`]}
                hint="Carts keep it: change it only before anyone chose the option."
              />
              <TextField
                path={`${at}.priceCents`}
                label="Price"
                suffix={code}
                inputMode="decimal"
                value={o.price}
                onChange={change(i, 'price', 'priceCents')}
                error={errors[`${at}.priceCents`]}
              />
              <TextField
                path={`${at}.freeOverCents`}
                label="Free from a subtotal of"
                suffix={code}
                inputMode="decimal"
                value={o.freeOver}
                onChange={change(i, 'freeOver', 'freeOverCents')}
                error={errors[`${at}.freeOverCents`]}
                hint="Optional."
              />
            </div>
            <button type="button" className="button-secondary row-remove" onClick={() => remove(i)}>
              Remove <span className="visually-hidden">shipping option {name}</span>
            </button>
          </fieldset>
        );
      })}
    </section>
  );
}
