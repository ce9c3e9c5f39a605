// The free-price label, under the variants' prices: a zero price may be shown as a word of the
// owner's ("Free") in place of the amount. The server refuses the switch without its label, with the
// spec's message, which lands beside the label's field.
import { CheckField, TextField } from '../../store/fields.js';
import type { SectionProps } from './props.js';

const P = 'item.product';

export function FreePriceFields({ draft, set, errors }: Pick<SectionProps, 'draft' | 'set' | 'errors'>) {
  return (
    <div className="field-grid free-price">
      <CheckField
        path={`${P}.showZeroAsFree`}
        label="Show a zero price as free"
        className="field-wide"
        checked={draft.showZeroAsFree}
        error={errors[`${P}.showZeroAsFree`]}
        hint="A variant priced 0 shows its Free label instead of its amount."
        onChange={(showZeroAsFree) => set({ showZeroAsFree })}
      />
      {draft.showZeroAsFree && (
        <TextField
          path={`${P}.freeLabel`}
          label="Free label"
          value={draft.freeLabel}
          maxLength={60}
          error={errors[`${P}.freeLabel`]}
          onChange={(freeLabel) => set({ freeLabel })}
        />
      )}
    </div>
  );
}
