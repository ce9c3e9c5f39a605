// The settings panel of the selected block: its variant where the kind has variants, a form for its
// kind's settings, and how it sits in its section (columns spanned, hidden on a phone or a desktop).
// Each field shows its error beside it, whether the browser's checks or the server's 400 found it.
import { BLOCK_KINDS, type LayoutBlock, VARIANT_NAMES } from '@tessera/core/layout';
import { FieldGroup, HiddenFields, NumberField, SelectField } from './fields.js';
import { type BlockSettingsProps, KindForm } from './kind-form.js';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function BlockSettingsPanel(props: BlockSettingsProps) {
  const { block, columns, errors, onChange } = props;
  const info = BLOCK_KINDS[block.kind];
  const whole = (field: string) => errors[field];
  return (
    <div className="editor-settings" data-settings-of={block.id}>
      <h2>{info.label} block</h2>
      {errors[''] && <p className="field-error">{errors['']}</p>}
      {info.variants && (
        <SelectField
          label="Design"
          value={block.variant ?? info.variants[0]!}
          options={info.variants.map((v) => [v, capital(VARIANT_NAMES[v] ?? String(v))] as const)}
          error={whole('variant')}
          onChange={(variant) => onChange({ ...block, variant } as LayoutBlock, 'variant')}
        />
      )}
      <KindForm {...props} />
      <FieldGroup legend="Place in the section">
        {columns > 1 && (
          <NumberField
            label="Columns it spans on a desktop"
            min={1}
            max={columns}
            value={block.span}
            error={whole('span')}
            onChange={(span) => onChange({ ...block, span }, 'span')}
          />
        )}
        <HiddenFields hidden={block.hidden} onChange={(hidden) => onChange({ ...block, hidden }, 'hidden')} />
      </FieldGroup>
    </div>
  );
}
