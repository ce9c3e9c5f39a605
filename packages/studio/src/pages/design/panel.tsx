// The design panel: Colours (the palette, the colour themes, the site's colour theme), Fonts (the
// font theme, its families and weights, the sizes per font usage category), the theme's own
// settings by group (buttons, spacing, widths, header, footer, the special pages, ...) and the
// theme itself. Every field edits one dotted path through the FieldContext.
import { useId, useState } from 'react';
import type { Design, ThemeSetting } from './calls.js';
import { type FieldContext, FontField, NumberField, PaletteField, SelectField, SettingField, SlotOrColorField } from './fields.js';
import { COLOR_ROLES, FONT_ROLES, PALETTE_SLOTS, SETTING_GROUPS } from './paths.js';

export type Screen = 'desktop' | 'mobile';

const titleCase = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replace(/[-_]/g, ' ');

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  const headingId = useId();
  return (
    <section className="design-section" aria-labelledby={headingId} id={id}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** One colour theme's roles, drawn only while open (a closed one shows how many warnings it holds). */
function ColourTheme({ themeId, warnings, ctx }: { themeId: string; warnings: number; ctx: FieldContext }) {
  const [open, setOpen] = useState(themeId === 'default');
  return (
    <details className="design-theme" open={open || warnings > 0} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Colour theme: {titleCase(themeId)}
        {warnings > 0 && <span className="design-warning-count"> ({warnings === 1 ? '1 contrast warning' : `${warnings} contrast warnings`})</span>}
      </summary>
      {(open || warnings > 0) && (
        <div className="design-grid">
          {COLOR_ROLES.map(([role, label]) => (
            <SlotOrColorField key={role} path={`colorThemes.${themeId}.${role}`} label={`${titleCase(themeId)}: ${label}`} ctx={ctx} />
          ))}
        </div>
      )}
    </details>
  );
}

function ColoursSection({ design, ctx }: { design: Design; ctx: FieldContext }) {
  const themeIds = Object.keys(design.schema.aesthetics.colorThemes);
  return (
    <Section title="Colours" id="design-colours">
      <fieldset className="editor-fieldset">
        <legend>Palette</legend>
        <div className="design-grid">
          {PALETTE_SLOTS.map((slot) => (
            <PaletteField key={slot} slot={slot} ctx={ctx} />
          ))}
        </div>
      </fieldset>
      <SelectField path="defaultThemeId" label="Site colour theme" options={themeIds.map((id) => ({ value: id, label: titleCase(id) }))} ctx={ctx} />
      {themeIds.map((themeId) => {
        const warnings = COLOR_ROLES.filter(([role]) => ctx.warning(`colorThemes.${themeId}.${role}`)).length;
        return <ColourTheme key={themeId} themeId={themeId} warnings={warnings} ctx={ctx} />;
      })}
    </Section>
  );
}

function FontsSection({ design, ctx, screen }: { design: Design; ctx: FieldContext; screen: Screen }) {
  const { fontThemes, fontUsageCategories } = design.schema.aesthetics;
  const active = String(ctx.value('activeFontThemeId') ?? design.schema.aesthetics.activeFontThemeId);
  const screenName = screen === 'mobile' ? 'phone' : 'desktop';
  return (
    <Section title="Fonts" id="design-fonts">
      <SelectField
        path="activeFontThemeId"
        label="Font theme"
        options={Object.entries(fontThemes).map(([id, t]) => ({ value: id, label: t.label ?? titleCase(id) }))}
        ctx={ctx}
      />
      <div className="design-grid">
        {FONT_ROLES.map(([role, label]) => {
          const family = String(ctx.value(`fontThemes.${active}.${role}.family`) ?? '');
          const weights = ctx.fonts.find((f) => f.id === family)?.weights ?? [400];
          return (
            <fieldset key={role} className="editor-fieldset">
              <legend>{label}</legend>
              <FontField path={`fontThemes.${active}.${role}.family`} label={`${label} font`} ctx={ctx} />
              <SelectField
                path={`fontThemes.${active}.${role}.weight`}
                label={`${label} weight`}
                options={weights.map((w) => ({ value: String(w), label: String(w) }))}
                ctx={{ ...ctx, value: (p) => String(ctx.value(p) ?? ''), change: (p, v) => ctx.change(p, v === null ? null : Number(v)) }}
              />
            </fieldset>
          );
        })}
      </div>
      <fieldset className="editor-fieldset">
        <legend>Sizes on a {screenName} (rem)</legend>
        <div className="design-grid">
          {Object.keys(fontUsageCategories).map((category) => (
            <NumberField
              key={category}
              path={`fontUsageCategories.${category}.size.${screen}`}
              label={`${titleCase(category.replace(/(\d)/, ' $1'))} size`}
              min={0.5}
              max={8}
              step={0.05}
              ctx={ctx}
            />
          ))}
          {Object.entries(fontUsageCategories)
            .filter(([, c]) => c.lineHeight !== undefined)
            .map(([category]) => (
              <NumberField
                key={`${category}-lh`}
                path={`fontUsageCategories.${category}.lineHeight`}
                label={`${titleCase(category.replace(/(\d)/, ' $1'))} line height`}
                min={0.8}
                max={3}
                step={0.05}
                ctx={ctx}
              />
            ))}
        </div>
      </fieldset>
    </Section>
  );
}

interface ThemeSectionProps {
  readonly design: Design;
  readonly chosen: string;
  onChoose(name: string): void;
  onSwitch(): void;
}

function ThemeSection({ design, chosen, onChoose, onSwitch }: ThemeSectionProps) {
  const name = useId();
  return (
    <Section title="Theme" id="design-theme">
      <fieldset className="editor-fieldset">
        <legend>The site's theme</legend>
        {design.themes.map((t) => (
          <div key={t.name} className="design-theme-choice">
            <input type="radio" id={`${name}-${t.name}`} name={name} value={t.name} checked={chosen === t.name} onChange={() => onChoose(t.name)} />
            <label htmlFor={`${name}-${t.name}`}>
              <strong>{t.label}</strong>
              {t.name === design.theme.name && ' (current)'}
              {t.description && <span className="field-hint"> {t.description}</span>}
            </label>
          </div>
        ))}
      </fieldset>
      <p>
        <button type="button" className="button-secondary" disabled={chosen === design.theme.name} onClick={onSwitch}>
          Switch theme
        </button>
      </p>
    </Section>
  );
}

export interface PanelProps extends ThemeSectionProps {
  readonly ctx: FieldContext;
  readonly screen: Screen;
}

/** The theme's own settings of one group (none: nothing drawn). */
function SettingsGroup({
  title,
  id,
  settings,
  screen,
  ctx,
}: {
  title: string;
  id: string;
  settings: readonly ThemeSetting[];
  screen: Screen;
  ctx: FieldContext;
}) {
  if (settings.length === 0) return null;
  return (
    <Section title={title} id={`design-${id}`}>
      <div className="design-grid">
        {settings.map((s) => (
          <SettingField key={s.id} setting={s} screen={screen} ctx={ctx} />
        ))}
      </div>
    </Section>
  );
}

export function DesignPanel(props: PanelProps) {
  const { design, ctx, screen } = props;
  const settings = design.schema.settings;
  const known = new Set<string>(SETTING_GROUPS.map(([g]) => g));
  return (
    <div className="design-panel">
      <ColoursSection design={design} ctx={ctx} />
      <FontsSection design={design} ctx={ctx} screen={screen} />
      {SETTING_GROUPS.map(([group, title]) => (
        <SettingsGroup
          key={group}
          id={group}
          title={title}
          screen={screen}
          ctx={ctx}
          // A group the panel does not know yet is shown with the others, not lost.
          settings={settings.filter((s) => s.group === group || (group === 'other' && !known.has(s.group)))}
        />
      ))}
      <ThemeSection {...props} />
    </div>
  );
}
