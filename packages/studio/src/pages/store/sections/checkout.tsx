import { CheckField, SelectField, TextField } from '../fields.js';
import { type SectionProps, currencyOf } from './props.js';

/** The payment providers a shopper may pay with: those accepted, in order (the first is preselected), then the others. */
function Providers({ draft, errors, settings, edit }: SectionProps) {
  const chosen = draft.paymentProviders;
  const known = new Map(settings.paymentProviders.map((p) => [p.id, p.name]));
  const rows = [...chosen, ...settings.paymentProviders.map((p) => p.id).filter((id) => !chosen.includes(id))];
  const set = (next: string[]) => edit({ ...draft, paymentProviders: next }, 'store.paymentProviders');
  const move = (id: string, by: -1 | 1) => {
    const i = chosen.indexOf(id);
    const next = [...chosen];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    set(next);
  };
  const listError = errors['store.paymentProviders'];
  return (
    <fieldset className="row-card providers" aria-describedby={listError ? 'providers-error' : undefined}>
      <legend>Payment providers</legend>
      <p className="field-hint">The first one accepted is the checkout’s default.</p>
      <ul className="provider-list">
        {rows.map((id) => {
          const i = chosen.indexOf(id);
          const name = known.get(id) ?? `${id} (not a provider of this server)`;
          return (
            <li key={id}>
              <CheckField
                path={`provider-${id}`}
                label={name}
                checked={i >= 0}
                onChange={(on) => set(on ? [...chosen, id] : chosen.filter((c) => c !== id))}
                error={i >= 0 ? errors[`store.paymentProviders.${i}`] : undefined}
              />
              {i >= 0 && (
                <span className="provider-order">
                  <button type="button" className="button-secondary" disabled={i === 0} onClick={() => move(id, -1)}>
                    Move up <span className="visually-hidden">{name}</span>
                  </button>
                  <button type="button" className="button-secondary" disabled={i === chosen.length - 1} onClick={() => move(id, 1)}>
                    Move down <span className="visually-hidden">{name}</span>
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {listError && (
        <p className="field-error" id="providers-error">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

/** Checkout rules, payment providers, donations and installments. */
export function CheckoutSection(props: SectionProps) {
  const { draft, errors, edit } = props;
  const { code } = currencyOf(props);
  const dn = draft.donations;
  const inst = draft.installments;
  return (
    <section className="card store-section" aria-labelledby="store-checkout">
      <h2 id="store-checkout">Checkout &amp; payments</h2>
      <div className="field-grid">
        <TextField
          path="store.minimumOrderSubtotal"
          label="Minimum order subtotal"
          suffix={code}
          inputMode="decimal"
          value={draft.minimumOrderSubtotal}
          onChange={(v) => edit({ ...draft, minimumOrderSubtotal: v }, 'store.minimumOrderSubtotal')}
          error={errors['store.minimumOrderSubtotal']}
          hint="Empty: no minimum."
        />
        <TextField
          path="store.orderHoldHours"
          label="Hold unpaid orders for"
          suffix="hours"
          inputMode="numeric"
          value={draft.orderHoldHours}
          onChange={(v) => edit({ ...draft, orderHoldHours: v }, 'store.orderHoldHours')}
          error={errors['store.orderHoldHours']}
          hint="An order paid offline keeps its stock this long, then is canceled. Empty: 72."
        />
      </div>
      <Providers {...props} />
      <div className="checks">
        <CheckField
          path="store.expressCheckout"
          label="Express checkout: every add-to-cart button buys at once"
          checked={draft.expressCheckout}
          onChange={(v) => edit({ ...draft, expressCheckout: v }, 'store.expressCheckout')}
          error={errors['store.expressCheckout']}
        />
        <CheckField
          path="store.useLightCart"
          label="Light cart"
          checked={draft.useLightCart}
          onChange={(v) => edit({ ...draft, useLightCart: v }, 'store.useLightCart')}
          error={errors['store.useLightCart']}
        />
        <CheckField
          path="store.allowMultipleQuantityForServices"
          label="Allow more than one of a service in an order"
          checked={draft.allowMultipleQuantityForServices}
          onChange={(v) => edit({ ...draft, allowMultipleQuantityForServices: v }, 'store.allowMultipleQuantityForServices')}
          error={errors['store.allowMultipleQuantityForServices']}
        />
      </div>
      <fieldset className="row-card">
        <legend>Donations</legend>
        <div className="field-grid">
          <TextField
            path="store.donations.presetAmountsCents"
            className="field-wide"
            label="Suggested amounts"
            suffix={code}
            inputMode="decimal"
            value={dn.presets}
            onChange={(v) => edit({ ...draft, donations: { ...dn, presets: v } }, 'store.donations.')}
            error={
              errors['store.donations.presetAmountsCents'] ?? Object.entries(errors).find(([k]) => k.startsWith('store.donations.presetAmountsCents.'))?.[1]
            }
            hint="Separated by commas: 10, 25, 50."
          />
          <TextField
            path="store.donations.minCents"
            label="Smallest donation"
            suffix={code}
            inputMode="decimal"
            value={dn.min}
            onChange={(v) => edit({ ...draft, donations: { ...dn, min: v } }, 'store.donations.minCents')}
            error={errors['store.donations.minCents']}
          />
          <TextField
            path="store.donations.maxCents"
            label="Largest donation"
            suffix={code}
            inputMode="decimal"
            value={dn.max}
            onChange={(v) => edit({ ...draft, donations: { ...dn, max: v } }, 'store.donations.maxCents')}
            error={errors['store.donations.maxCents']}
          />
        </div>
      </fieldset>
      <fieldset className="row-card">
        <legend>Installments</legend>
        <CheckField
          path="store.installments"
          label="Show the installment badge"
          checked={inst.enabled}
          onChange={(v) => edit({ ...draft, installments: { ...inst, enabled: v } }, 'store.installments.')}
          error={errors['store.installments']}
        />
        {inst.enabled && (
          <div className="field-grid">
            <SelectField
              path="store.installments.provider"
              label="Provider"
              value={inst.provider}
              options={[
                { value: 'afterpay', label: 'Afterpay' },
                { value: 'clearpay', label: 'Clearpay' },
              ]}
              onChange={(v) => edit({ ...draft, installments: { ...inst, provider: v } }, 'store.installments.provider')}
              error={errors['store.installments.provider']}
            />
            <TextField
              path="store.installments.minCents"
              label="From a total of"
              suffix={code}
              inputMode="decimal"
              value={inst.min}
              onChange={(v) => edit({ ...draft, installments: { ...inst, min: v } }, 'store.installments.minCents')}
              error={errors['store.installments.minCents']}
            />
            <TextField
              path="store.installments.maxCents"
              label="Up to a total of"
              suffix={code}
              inputMode="decimal"
              value={inst.max}
              onChange={(v) => edit({ ...draft, installments: { ...inst, max: v } }, 'store.installments.maxCents')}
              error={errors['store.installments.maxCents']}
            />
            <TextField
              path="store.installments.numInstallments"
              label="Number of installments"
              inputMode="numeric"
              value={inst.count}
              onChange={(v) => edit({ ...draft, installments: { ...inst, count: v } }, 'store.installments.numInstallments')}
              error={errors['store.installments.numInstallments']}
            />
          </div>
        )}
      </fieldset>
    </section>
  );
}
