import { rowKey } from '../draft.js';
import { CheckField, TextField } from '../fields.js';
import { type SectionProps, setRow } from './props.js';

/** Tax rules: a rate per country, or per region of a country (the region's rule wins). */
export function TaxesSection({ draft, errors, edit }: SectionProps) {
  const list = draft.taxRules;
  const change = (i: number, patch: Partial<(typeof list)[number]>, path: string) =>
    edit({ ...draft, taxRules: setRow(list, i, patch) }, `store.taxRules.${i}.${path}`);
  const add = () => edit({ ...draft, taxRules: [...list, { key: rowKey(), country: '', region: '', rate: '', appliesToShipping: false, extra: {} }] });
  const remove = (i: number) => edit({ ...draft, taxRules: list.filter((_, j) => j !== i) }, 'store.taxRules.');
  return (
    <section className="card store-section" aria-labelledby="store-taxes">
      <div className="section-head">
        <h2 id="store-taxes">Taxes</h2>
        <button type="button" className="button-secondary" onClick={add}>
          Add a tax rule
        </button>
      </div>
      <p className="section-note">
        The rate applies to the subtotal after coupons, by where the order ships: the rule for its region, else the rule for its country.
      </p>
      {list.length === 0 && <p className="empty">No tax rules: no tax is charged.</p>}
      {list.map((t, i) => {
        const at = `store.taxRules.${i}`;
        const name = t.country ? `${t.country}${t.region ? ` ${t.region}` : ''}` : `Tax rule ${i + 1}`;
        return (
          <fieldset key={t.key} className="row-card">
            <legend>{name}</legend>
            <div className="field-grid">
              <TextField
                path={`${at}.country`}
                label="Country"
                value={t.country}
                onChange={(v) => change(i, { country: v }, 'country')}
                error={errors[`${at}.country`]}
                hint="Two letters: US, FR, JP."
                maxLength={2}
              />
              <TextField
                path={`${at}.region`}
                label="Region"
                value={t.region}
                onChange={(v) => change(i, { region: v }, 'region')}
                error={errors[`${at}.region`]}
                hint="Optional: a state or province code (NY). Empty: the whole country."
              />
              <TextField
                path={`${at}.rateBasisPoints`}
                label="Rate"
                suffix="%"
                inputMode="decimal"
                value={t.rate}
                onChange={(v) => change(i, { rate: v }, 'rateBasisPoints')}
                error={errors[`${at}.rateBasisPoints`]}
              />
              <CheckField
                path={`${at}.appliesToShipping`}
                label="Tax shipping too"
                checked={t.appliesToShipping}
                onChange={(v) => change(i, { appliesToShipping: v }, 'appliesToShipping')}
                error={errors[`${at}.appliesToShipping`]}
              />
            </div>
            {errors[at] && <p className="field-error">{errors[at]}</p>}
            <button type="button" className="button-secondary row-remove" onClick={() => remove(i)}>
              Remove <span className="visually-hidden">tax rule {name}</span>
            </button>
          </fieldset>
        );
      })}
    </section>
  );
}
