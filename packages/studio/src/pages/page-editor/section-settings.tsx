// The settings panel of the selected section: colour theme, width, columns, and the spacing above
// and below it on each screen size (a phone falls back to the desktop's value), hidden on either.
import { type LayoutSection, type Responsive, SECTION_THEMES, SECTION_WIDTHS, type SectionWidth, SPACINGS, type Spacing } from '@tessera/core/layout';
import { FieldGroup, HiddenFields, SelectField } from './fields.js';

export interface SectionSettingsProps {
  readonly section: LayoutSection;
  readonly index: number;
  readonly errors: Readonly<Record<string, string>>;
  onChange(section: LayoutSection, field: string): void;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const SPACING_OPTIONS = SPACINGS.map((s) => [s, capital(s)] as const);
const SAME = '' as const;

export function SectionSettingsPanel({ section, index, errors, onChange }: SectionSettingsProps) {
  const themes = SECTION_THEMES.includes(section.theme as never) ? SECTION_THEMES : [...SECTION_THEMES, section.theme];
  const spacing = (side: 'top' | 'bottom', label: string) => {
    const value: Responsive<Spacing> = section.spacing[side];
    const set = (next: Responsive<Spacing>) => onChange({ ...section, spacing: { ...section.spacing, [side]: next } }, `spacing.${side}`);
    return (
      <FieldGroup legend={label}>
        <SelectField
          label="On a desktop"
          value={value.desktop}
          options={SPACING_OPTIONS}
          error={errors[`spacing.${side}.desktop`] ?? errors[`spacing.${side}`]}
          onChange={(desktop) => set({ ...value, desktop })}
        />
        <SelectField<Spacing | typeof SAME>
          label="On a phone"
          value={value.mobile ?? SAME}
          options={[[SAME, 'Same as on a desktop'], ...SPACING_OPTIONS]}
          error={errors[`spacing.${side}.mobile`]}
          onChange={(mobile) => set(mobile === SAME ? { desktop: value.desktop } : { ...value, mobile })}
        />
      </FieldGroup>
    );
  };
  return (
    <div className="editor-settings" data-settings-of={section.id}>
      <h2>Section {index + 1}</h2>
      <SelectField
        label="Colour theme"
        value={section.theme}
        options={themes.map((t) => [t, capital(t)] as const)}
        error={errors.theme}
        onChange={(theme) => onChange({ ...section, theme }, 'theme')}
      />
      <SelectField
        label="Width"
        value={section.width}
        options={SECTION_WIDTHS.map((w) => [w, capital(w)] as const)}
        error={errors.width}
        onChange={(width: SectionWidth) => onChange({ ...section, width }, 'width')}
      />
      <SelectField
        label="Columns on a desktop"
        value={section.columns}
        options={[1, 2, 3, 4].map((n) => [n, String(n)] as const)}
        error={errors.columns}
        onChange={(columns) =>
          // Blocks never span more columns than their section has.
          onChange({ ...section, columns, blocks: section.blocks.map((b) => ({ ...b, span: Math.min(b.span, columns) })) }, 'columns')
        }
      />
      {spacing('top', 'Space above')}
      {spacing('bottom', 'Space below')}
      <FieldGroup legend="Visibility">
        <HiddenFields hidden={section.hidden} onChange={(hidden) => onChange({ ...section, hidden }, 'hidden')} />
      </FieldGroup>
    </div>
  );
}
