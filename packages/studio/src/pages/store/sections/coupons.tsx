import { type CouponDraft, type CouponKind, rowKey } from '../draft.js';
import { SelectField, TextField } from '../fields.js';
import { type SectionProps, currencyOf, setRow } from './props.js';

const KINDS: readonly { value: CouponKind; label: string }[] = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'amount', label: 'Amount off' },
  { value: 'freeShipping', label: 'Free shipping' },
];

/** How often a coupon was used, against its limit. */
function usesText(uses: number, limit: string): string {
  if (limit.trim() !== '') return `Used ${uses} of ${limit.trim()}`;
  return uses === 0 ? 'Not used yet' : `Used ${uses} time${uses === 1 ? '' : 's'}`;
}

/** Coupons: one reduction each, an optional minimum, dates in the site's time zone and a use limit. */
export function CouponsSection(props: SectionProps) {
  const { draft, errors, settings, zone, edit } = props;
  const { code: currency } = currencyOf(props);
  const list = draft.coupons;
  const change = (i: number, patch: Partial<CouponDraft>, path: string) => edit({ ...draft, coupons: setRow(list, i, patch) }, `store.coupons.${i}${path}`);
  const add = () =>
    edit({
      ...draft,
      coupons: [
        ...list,
        { key: rowKey(), code: '', kind: 'percent', percent: '', amount: '', minSubtotal: '', startsOn: '', endsOn: '', usageLimit: '', extra: {} },
      ],
    });
  const remove = (i: number) => edit({ ...draft, coupons: list.filter((_, j) => j !== i) }, 'store.coupons.');
  return (
    <section className="card store-section" aria-labelledby="store-coupons">
      <div className="section-head">
        <h2 id="store-coupons">Coupons</h2>
        <button type="button" className="button-secondary" onClick={add}>
          Add a coupon
        </button>
      </div>
      <p className="section-note">Shoppers type the code in the cart, in any case. Dates and times are in the site’s time zone, {zone}.</p>
      {list.length === 0 && <p className="empty">No coupons yet.</p>}
      {list.map((c, i) => {
        const at = `store.coupons.${i}`;
        const name = c.code.trim() || `Coupon ${i + 1}`;
        const uses = settings.couponUses[c.code.trim().toUpperCase()] ?? 0;
        return (
          <fieldset key={c.key} className="row-card">
            <legend>
              {name} <span className="coupon-uses">{usesText(uses, c.usageLimit)}</span>
            </legend>
            <div className="field-grid">
              <TextField
                path={`${at}.code`}
                label="Code"
                value={c.code}
                onChange={(v) => change(i, { code: v }, '.code')}
                error={errors[`${at}.code`]}
                maxLength={64}
              />
              <SelectField
                path={at}
                label="Reduction"
                value={c.kind}
                options={KINDS}
                onChange={(v) => change(i, { kind: v as CouponKind }, '')}
                error={errors[at] ?? errors[`${at}.freeShipping`]}
              />
              {c.kind === 'percent' && (
                <TextField
                  path={`${at}.percentOff`}
                  label="Percent off"
                  suffix="%"
                  inputMode="decimal"
                  value={c.percent}
                  onChange={(v) => change(i, { percent: v }, '.percentOff')}
                  error={errors[`${at}.percentOff`]}
                />
              )}
              {c.kind === 'amount' && (
                <TextField
                  path={`${at}.amountOffCents`}
                  label="Amount off"
                  suffix={currency}
                  inputMode="decimal"
                  value={c.amount}
                  onChange={(v) => change(i, { amount: v }, '.amountOffCents')}
                  error={errors[`${at}.amountOffCents`]}
                />
              )}
              <TextField
                path={`${at}.minSubtotalCents`}
                label="Minimum subtotal"
                suffix={currency}
                inputMode="decimal"
                value={c.minSubtotal}
                onChange={(v) => change(i, { minSubtotal: v }, '.minSubtotalCents')}
                error={errors[`${at}.minSubtotalCents`]}
                hint="Optional."
              />
              <TextField
                path={`${at}.startsOn`}
                className="field-wide"
                type="datetime-local"
                label="Starts"
                value={c.startsOn}
                onChange={(v) => change(i, { startsOn: v }, '.startsOn')}
                error={errors[`${at}.startsOn`]}
                hint="Optional."
              />
              <TextField
                path={`${at}.endsOn`}
                className="field-wide"
                type="datetime-local"
                label="Ends"
                value={c.endsOn}
                onChange={(v) => change(i, { endsOn: v }, '.endsOn')}
                error={errors[`${at}.endsOn`]}
                hint="Optional: it no longer applies from then on."
              />
              <TextField
                path={`${at}.usageLimit`}
                label="Use limit"
                inputMode="numeric"
                value={c.usageLimit}
                onChange={(v) => change(i, { usageLimit: v }, '.usageLimit')}
                error={errors[`${at}.usageLimit`]}
                hint="Optional: how many orders may use it in all."
              />
            </div>
            <button type="button" className="button-secondary row-remove" onClick={() => remove(i)}>
              Remove <span className="visually-hidden">coupon {name}</span>
            </button>
          </fieldset>
        );
      })}
    </section>
  );
}
