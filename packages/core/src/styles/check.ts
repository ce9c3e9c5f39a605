import { hexToRgb, hslToRgb, rgbToHex, validateHsl } from '../color/index.js';
import { notAnOption, rangeMessage, STYLE_MESSAGES } from './messages.js';
import { type PathKind, pathSpecs } from './paths.js';
import { PALETTE_SLOTS, type StyleSetting, type StyleValue, type StylesSchema } from './types.js';

export type Checked = { readonly value: StyleValue } | { readonly error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A colour as the owner enters it: "#" and 3 to 6 hex digits, or HSL `{ h, s, l, a? }` (hue 0..360,
 * the others 0..1). Kept as "#rrggbb" so that equal colours compare equal; an alpha is checked, not kept.
 */
export function checkColor(value: unknown): Checked {
  if (isRecord(value)) {
    const errors = validateHsl({ hue: value.h, saturation: value.s, lightness: value.l, alpha: value.a });
    if (errors.length > 0) return { error: errors.join(' ') };
    return { value: rgbToHex(hslToRgb({ h: Number(value.h), s: Number(value.s), l: Number(value.l) })) };
  }
  if (typeof value !== 'string' || !value.trim().startsWith('#')) return { error: STYLE_MESSAGES.hex };
  const rgb = hexToRgb(value);
  return rgb ? { value: rgbToHex(rgb) } : { error: STYLE_MESSAGES.hex };
}

/** A colour role: a palette slot name, or a colour. */
function checkRoleColor(value: unknown): Checked {
  if (typeof value === 'string' && (PALETTE_SLOTS as readonly string[]).includes(value)) return { value };
  return checkColor(value);
}

function checkNumber(value: unknown, min: number, max: number, step?: number): Checked {
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  // Steps are counted from the minimum, with a tolerance for binary fractions (0.1 + 0.2).
  const onStep = !step || Math.abs((((value as number) - min) / step) % 1) < 1e-9 || Math.abs((((value as number) - min) / step) % 1) > 1 - 1e-9;
  return ok && onStep ? { value: value as number } : { error: rangeMessage(min, max, step) };
}

/** A value of one of a theme's own settings (for a responsive range: one screen size's number). */
export function checkSetting(setting: StyleSetting, value: unknown, fontIds?: readonly string[]): Checked {
  switch (setting.type) {
    case 'color':
      return checkRoleColor(value);
    case 'font':
      return typeof value === 'string' && (!fontIds || fontIds.includes(value)) ? { value } : { error: notAnOption(value) };
    case 'select':
      return typeof value === 'string' && (setting.options ?? []).some((o) => o.value === value) ? { value } : { error: notAnOption(value) };
    case 'range':
      return checkNumber(value, setting.min ?? 0, setting.max ?? 0, setting.step);
    case 'toggle':
      return typeof value === 'boolean' ? { value } : { error: STYLE_MESSAGES.toggle };
    case 'text':
      return typeof value === 'string' && value.length <= 200 ? { value } : { error: STYLE_MESSAGES.text };
  }
}

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];

function checkKind(kind: PathKind, value: unknown, fontIds?: readonly string[]): Checked {
  switch (kind.kind) {
    case 'paletteColor':
      return checkColor(value);
    case 'roleColor':
      return checkRoleColor(value);
    case 'themeId':
      return typeof value === 'string' && kind.ids.includes(value) ? { value } : { error: notAnOption(value) };
    case 'fontFamily':
      return typeof value === 'string' && (!fontIds || fontIds.includes(value)) ? { value } : { error: notAnOption(value) };
    case 'fontWeight':
      return typeof value === 'number' && WEIGHTS.includes(value) ? { value } : { error: notAnOption(value) };
    case 'number':
      return checkNumber(value, kind.min, kind.max);
    case 'setting':
      return checkSetting(kind.setting, value, fontIds);
  }
}

export interface CheckedChanges {
  /** The changes to apply, by path: a value, or null where the path goes back to the theme's default. */
  readonly accepted: Readonly<Record<string, StyleValue>>;
  /** Per path, why its value was refused. */
  readonly errors: Readonly<Record<string, string>>;
}

/**
 * Checks the owner's changes against a theme's schema. Null asks for the theme's default; so does a
 * value equal to it (the site stores only what differs). `fontIds`: the catalogue's fonts, when known.
 */
export function checkChanges(schema: StylesSchema, changes: Readonly<Record<string, unknown>>, fontIds?: readonly string[]): CheckedChanges {
  const specs = pathSpecs(schema);
  const accepted: Record<string, StyleValue> = {};
  const errors: Record<string, string> = {};
  for (const [path, value] of Object.entries(changes)) {
    const spec = specs.get(path);
    if (!spec) {
      errors[path] = STYLE_MESSAGES.unknownPath;
      continue;
    }
    if (value === null) {
      accepted[path] = null;
      continue;
    }
    const checked = checkKind(spec.kind, value, fontIds);
    if ('error' in checked) errors[path] = checked.error;
    else accepted[path] = checked.value === spec.default ? null : checked.value;
  }
  return { accepted, errors };
}

/**
 * The saved paths after changes: a null change removes its path; values equal to the default are never
 * kept; paths the schema does not know (a theme's update dropped them) are left out.
 */
export function applyChanges(
  schema: StylesSchema,
  saved: Readonly<Record<string, unknown>>,
  accepted: Readonly<Record<string, StyleValue>>,
): Record<string, StyleValue> {
  const specs = pathSpecs(schema);
  const next: Record<string, StyleValue> = {};
  for (const [path, value] of Object.entries({ ...saved, ...accepted })) {
    const spec = specs.get(path);
    if (!spec || value === null || value === undefined || value === spec.default) continue;
    next[path] = value as StyleValue;
  }
  return next;
}
