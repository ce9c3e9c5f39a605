import { SelectField } from '../fields.js';
import { digitsOf, withCurrency } from '../draft.js';
import type { SectionProps } from './props.js';

/** The store's currency; changing it re-reads every amount in the new currency's units, and says what that means. */
export function CurrencySection({ draft, errors, settings, edit }: SectionProps) {
  const changed = draft.currency !== settings.currency;
  const onChange = (code: string) => edit(withCurrency(draft, code, digitsOf(settings, draft.currency), digitsOf(settings, code)), 'currency');
  return (
    <section className="card store-section" aria-labelledby="store-currency">
      <h2 id="store-currency">Currency</h2>
      <SelectField
        path="currency"
        className="field-currency"
        label="Store currency"
        value={draft.currency}
        onChange={onChange}
        error={errors.currency}
        options={settings.currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
        hint="Prices, shipping rates, coupon amounts and totals are in this currency."
      />
      <div aria-live="polite">
        {changed && (
          <p className="warning-note">
            Orders, gift cards and subscriptions keep {settings.currency}. Amounts are not converted: each keeps its number of {settings.currency} minor units,
            read in {draft.currency} ({digitsOf(settings, draft.currency)} decimals), as the amounts below show. Gift cards sold in {settings.currency} can no
            longer be redeemed. Check every price before saving.
          </p>
        )}
      </div>
    </section>
  );
}
