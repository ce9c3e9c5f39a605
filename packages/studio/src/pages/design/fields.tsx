// The design panel's fields, one per kind of value: each with its label, its error (from the
// preview or a refused save) and its contrast warning beside it, and "Reset to theme default"
// where the value is not the theme's.
import { type ReactNode, useId } from 'react';
import type { FontChoice, StyleValue, ThemeSetting } from './calls.js';
import { PALETTE_SLOTS, toColorInput } from './paths.js';

/** What every field needs from the panel: the value of a path, the change of one, and what to show beside it. */
export interface FieldContext {
  value(path: string): StyleValue | undefined;
  change(path: string, value: StyleValue | null): void;
  error(path: string): string | undefined;
  warning(path: string): string | undefined;
  canReset(path: string): boolean;
  readonly fonts: readonly FontChoice[];
  readonly palette: Readonly<Record<string, string>>;
}

interface ShellProps {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  readonly ctx: FieldContext;
  readonly children: ReactNode;
  readonly inline?: boolean;
}

/** The label, the control, then the warning, the error and the reset link, announced with the control. */
function FieldShell({ id, label, path, ctx, children, inline }: ShellProps) {
  const error = ctx.error(path);
  const warning = ctx.warning(path);
  return (
    <div className={`field design-field${inline ? ' design-field-inline' : ''}`} data-path={path}>
      <label htmlFor={id}>{label}</label>
      {children}
      {warning && (
        <p className="design-warning" id={`${id}-warning`}>
          {warning}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {ctx.canReset(path) && (
        <button type="button" className="link-button design-reset-one" onClick={() => ctx.change(path, null)}>
          Reset to theme default<span className="visually-hidden">: {label}</span>
        </button>
      )}
    </div>
  );
}

/** aria-describedby for a control: its warning and its error, when shown. */
function describedBy(id: string, path: string, ctx: FieldContext): string | undefined {
  const ids = [ctx.warning(path) && `${id}-warning`, ctx.error(path) && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A colour: the browser's colour picker and the hex text beside it (the text is what is sent, as typed). */
function ColorInputs({ id, label, path, ctx, named }: { id: string; label: string; path: string; ctx: FieldContext; named?: boolean }) {
  const text = String(ctx.value(path) ?? '');
  const picker = toColorInput(text);
  return (
    <div className="design-color">
      <input type="color" aria-label={`${label} colour picker`} value={picker ?? '#000000'} onChange={(event) => ctx.change(path, event.currentTarget.value)} />
      <input
        id={id}
        type="text"
        inputMode="text"
        spellCheck={false}
        autoComplete="off"
        maxLength={9}
        aria-label={named ? label : undefined}
        value={text}
        aria-invalid={ctx.error(path) ? true : undefined}
        aria-describedby={describedBy(id, path, ctx)}
        onChange={(event) => ctx.change(path, event.currentTarget.value.trim())}
      />
    </div>
  );
}

/** A palette colour: picker and hex. */
export function PaletteField({ slot, ctx }: { slot: string; ctx: FieldContext }) {
  const id = useId();
  const path = `colorPalette.${slot}`;
  const label = slot.charAt(0).toUpperCase() + slot.slice(1);
  return (
    <FieldShell id={id} label={label} path={path} ctx={ctx}>
      <ColorInputs id={id} label={label} path={path} ctx={ctx} />
    </FieldShell>
  );
}

const CUSTOM = '__custom';

/** A colour that is a palette slot or a colour of its own: the select, then the custom colour's inputs. */
export function SlotOrColorField({ path, label, ctx }: { path: string; label: string; ctx: FieldContext }) {
  const id = useId();
  const value = String(ctx.value(path) ?? '');
  const slot = (PALETTE_SLOTS as readonly string[]).includes(value) ? value : CUSTOM;
  return (
    <FieldShell id={id} label={label} path={path} ctx={ctx}>
      <div className="design-slot">
        <span
          className="design-swatch"
          aria-hidden="true"
          style={{ background: slot === CUSTOM ? (toColorInput(value) ?? 'transparent') : ctx.palette[slot] }}
        />
        <select
          id={id}
          value={slot}
          aria-describedby={describedBy(id, path, ctx)}
          onChange={(event) => {
            const next = event.currentTarget.value;
            ctx.change(path, next === CUSTOM ? (toColorInput(ctx.palette[slot] ?? '') ?? '#000000') : next);
          }}>
          {PALETTE_SLOTS.map((s) => (
            <option key={s} value={s}>
              Palette: {s}
            </option>
          ))}
          <option value={CUSTOM}>Custom colour</option>
        </select>
      </div>
      {slot === CUSTOM && <ColorInputs id={`${id}-custom`} label={`${label}, custom colour`} path={path} ctx={ctx} named />}
    </FieldShell>
  );
}

const CATEGORY_LABELS: Record<FontChoice['category'], string> = { serif: 'Serif', 'sans-serif': 'Sans serif', display: 'Display', monospace: 'Monospace' };

/** The catalogue's fonts, grouped by category. */
function FontOptions({ fonts }: { fonts: readonly FontChoice[] }) {
  const categories = Object.keys(CATEGORY_LABELS) as FontChoice['category'][];
  return (
    <>
      {categories.map((category) => {
        const inCategory = fonts.filter((f) => f.category === category);
        if (inCategory.length === 0) return null;
        return (
          <optgroup key={category} label={CATEGORY_LABELS[category]}>
            {inCategory.map((f) => (
              <option key={f.id} value={f.id}>
                {f.family}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}

export function SelectField({
  path,
  label,
  options,
  ctx,
}: {
  path: string;
  label: string;
  options: readonly { value: string; label: string }[];
  ctx: FieldContext;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} path={path} ctx={ctx}>
      <select
        id={id}
        value={String(ctx.value(path) ?? '')}
        aria-describedby={describedBy(id, path, ctx)}
        onChange={(event) => ctx.change(path, event.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function NumberField({
  path,
  label,
  min,
  max,
  step,
  unit,
  ctx,
}: {
  path: string;
  label: string;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  ctx: FieldContext;
}) {
  const id = useId();
  const value = ctx.value(path);
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  const range = min !== undefined && max !== undefined;
  const set = (text: string) => {
    const n = Number(text);
    if (text !== '' && Number.isFinite(n)) ctx.change(path, n);
  };
  return (
    <FieldShell id={id} label={unit ? `${label} (${unit})` : label} path={path} ctx={ctx}>
      <div className="design-number">
        {range && (
          <input
            type="range"
            aria-label={`${label} slider`}
            min={min}
            max={max}
            step={step}
            value={number}
            onChange={(event) => set(event.currentTarget.value)}
          />
        )}
        <input
          id={id}
          type="number"
          min={min}
          max={max}
          step={step ?? 'any'}
          value={number}
          aria-describedby={describedBy(id, path, ctx)}
          onChange={(event) => set(event.currentTarget.value)}
        />
      </div>
    </FieldShell>
  );
}

/** One of the theme's declared settings, drawn by its type. */
export function SettingField({ setting, screen, ctx }: { setting: ThemeSetting; screen: 'desktop' | 'mobile'; ctx: FieldContext }) {
  const path = setting.responsive ? `settings.${setting.id}.${screen}` : `settings.${setting.id}`;
  const label = setting.responsive ? `${setting.label}, ${screen === 'mobile' ? 'phone' : 'desktop'}` : setting.label;
  switch (setting.type) {
    case 'color':
      return <SlotOrColorField path={path} label={label} ctx={ctx} />;
    case 'font':
      return <FontField path={path} label={label} ctx={ctx} />;
    case 'select':
      return <SelectField path={path} label={label} options={setting.options ?? []} ctx={ctx} />;
    case 'range':
      return <NumberField path={path} label={label} min={setting.min} max={setting.max} step={setting.step} unit={setting.unit} ctx={ctx} />;
    case 'toggle':
      return <ToggleField path={path} label={label} ctx={ctx} />;
    default:
      return <TextField path={path} label={label} ctx={ctx} />;
  }
}

export function FontField({ path, label, ctx }: { path: string; label: string; ctx: FieldContext }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} path={path} ctx={ctx}>
      <select
        id={id}
        value={String(ctx.value(path) ?? '')}
        aria-describedby={describedBy(id, path, ctx)}
        onChange={(event) => ctx.change(path, event.currentTarget.value)}>
        <FontOptions fonts={ctx.fonts} />
      </select>
    </FieldShell>
  );
}

function ToggleField({ path, label, ctx }: { path: string; label: string; ctx: FieldContext }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} path={path} ctx={ctx} inline>
      <input
        id={id}
        type="checkbox"
        checked={ctx.value(path) === true}
        aria-describedby={describedBy(id, path, ctx)}
        onChange={(event) => ctx.change(path, event.currentTarget.checked)}
      />
    </FieldShell>
  );
}

function TextField({ path, label, ctx }: { path: string; label: string; ctx: FieldContext }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} path={path} ctx={ctx}>
      <input
        id={id}
        type="text"
        maxLength={200}
        value={String(ctx.value(path) ?? '')}
        aria-describedby={describedBy(id, path, ctx)}
        onChange={(event) => ctx.change(path, event.currentTarget.value)}
      />
    </FieldShell>
  );
}
