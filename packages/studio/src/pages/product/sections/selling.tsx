// How the product is sold: a digital product's file, the members' area a paywall opens, a
// subscription plan (physical and service products, per the spec, and paywalls sold by subscription),
// the parcel's size, the additional-fields form and the add-to-cart button's own text.
import { CheckField, SelectField, TextField } from '../../store/fields.js';
import type { SectionProps } from './props.js';

const UNITS = [
  { value: 'WEEK', label: 'Weeks' },
  { value: 'MONTH', label: 'Months' },
  { value: 'YEAR', label: 'Years' },
];
const P = 'item.product';

export function SellingSection({ draft, set, errors, choices }: SectionProps) {
  const type = draft.productType;
  const subscribable = type === 1 || type === 3;
  const plan = (subscribable && draft.isSubscribable) || (type === 5 && draft.paywallPricing === 'subscription');
  const files = choices.assets.map((a) => ({ value: a.path, label: a.path }));
  if (draft.digitalFile && !files.some((f) => f.value === draft.digitalFile)) files.unshift({ value: draft.digitalFile, label: draft.digitalFile });
  return (
    <section className="card store-section" aria-labelledby="product-selling">
      <h2 id="product-selling">Selling</h2>
      <div className="field-grid">
        {type === 2 && (
          <>
            <SelectField
              path={`${P}.digital.file`}
              label="File buyers download"
              className="field-wide"
              value={draft.digitalFile}
              error={errors[`${P}.digital.file`]}
              hint="Given to buyers only, by a link bound to their paid order."
              options={[{ value: '', label: 'Choose a file' }, ...files]}
              onChange={(digitalFile) => set({ digitalFile })}
            />
            <TextField
              path={`${P}.digital.linkLifetimeHours`}
              label="Download link lasts"
              suffix="hours"
              inputMode="numeric"
              value={draft.linkLifetimeHours}
              error={errors[`${P}.digital.linkLifetimeHours`]}
              onChange={(linkLifetimeHours) => set({ linkLifetimeHours })}
            />
          </>
        )}
        {type === 5 && (
          <>
            <SelectField
              path={`${P}.paywall.grants`}
              label="Members' area it opens"
              value={draft.paywallGrants}
              error={errors[`${P}.paywall.grants`]}
              options={[{ value: '', label: "Choose a members' area" }, ...choices.membersAreas.map((m) => ({ value: m.urlId, label: m.title }))]}
              onChange={(paywallGrants) => set({ paywallGrants })}
            />
            <SelectField
              path={`${P}.paywall.pricing`}
              label="Sold"
              value={draft.paywallPricing}
              error={errors[`${P}.paywall.pricing`]}
              options={[
                { value: 'one-time', label: 'Once' },
                { value: 'subscription', label: 'As a subscription' },
              ]}
              onChange={(paywallPricing) => set({ paywallPricing })}
            />
          </>
        )}
        {subscribable && (
          <CheckField
            path={`${P}.isSubscribable`}
            label="Sell as a subscription"
            className="field-wide"
            checked={draft.isSubscribable}
            error={errors[`${P}.isSubscribable`]}
            onChange={(isSubscribable) => set({ isSubscribable })}
          />
        )}
        {plan && (
          <>
            <TextField
              path={`${P}.subscriptionPlan.billingPeriod.value`}
              label="Bill every"
              inputMode="numeric"
              value={draft.billingValue}
              error={errors[`${P}.subscriptionPlan.billingPeriod.value`]}
              onChange={(billingValue) => set({ billingValue })}
            />
            <SelectField
              path={`${P}.subscriptionPlan.billingPeriod.unit`}
              label="Period"
              value={draft.billingUnit}
              error={errors[`${P}.subscriptionPlan.billingPeriod.unit`]}
              options={UNITS}
              onChange={(billingUnit) => set({ billingUnit })}
            />
            <TextField
              path={`${P}.subscriptionPlan.numBillingCycles`}
              label="Number of payments"
              inputMode="numeric"
              value={draft.billingCycles}
              error={errors[`${P}.subscriptionPlan.numBillingCycles`]}
              hint="0: until the subscriber cancels."
              onChange={(billingCycles) => set({ billingCycles })}
            />
          </>
        )}
        {type === 1 && (
          <>
            <TextField
              path={`${P}.dimensions.lengthCm`}
              label="Parcel length"
              suffix="cm"
              inputMode="numeric"
              value={draft.length}
              error={errors[`${P}.dimensions.lengthCm`]}
              onChange={(length) => set({ length })}
            />
            <TextField
              path={`${P}.dimensions.widthCm`}
              label="Parcel width"
              suffix="cm"
              inputMode="numeric"
              value={draft.width}
              error={errors[`${P}.dimensions.widthCm`]}
              onChange={(width) => set({ width })}
            />
            <TextField
              path={`${P}.dimensions.heightCm`}
              label="Parcel height"
              suffix="cm"
              inputMode="numeric"
              value={draft.height}
              error={errors[`${P}.dimensions.heightCm`]}
              onChange={(height) => set({ height })}
            />
          </>
        )}
        <SelectField
          path={`${P}.additionalFieldsForm`}
          label="Additional fields form"
          value={draft.additionalFieldsForm}
          error={errors[`${P}.additionalFieldsForm`]}
          hint="Questions shoppers answer when they add the product to the cart."
          options={[{ value: '', label: 'None' }, ...choices.forms.map((f) => ({ value: f.id, label: f.name }))]}
          onChange={(additionalFieldsForm) => set({ additionalFieldsForm })}
        />
        <TextField
          path={`${P}.customAddButtonText`}
          label="Add-to-cart button text"
          value={draft.customAddButtonText}
          maxLength={60}
          error={errors[`${P}.customAddButtonText`]}
          hint="Empty: the shop's usual words."
          onChange={(customAddButtonText) => set({ customAddButtonText })}
        />
      </div>
    </section>
  );
}
