import { checkColor, checkSetting } from './check.js';
import {
  type Aesthetics,
  COLOR_ROLES,
  FONT_PARTS,
  PALETTE_SLOTS,
  SETTING_GROUPS,
  SETTING_TYPES,
  type StyleProblem,
  type StyleSetting,
  type StylesSchema,
} from './types.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readAesthetics(raw: unknown, problems: StyleProblem[]): Aesthetics | null {
  if (!isRecord(raw)) {
    problems.push({ path: 'aesthetics', message: 'The theme declares no aesthetics.' });
    return null;
  }
  const before = problems.length;
  const palette = isRecord(raw.colorPalette) ? raw.colorPalette : {};
  for (const slot of PALETTE_SLOTS) {
    const checked = checkColor(palette[slot]);
    if ('error' in checked) problems.push({ path: `colorPalette.${slot}`, message: checked.error });
  }
  const themes = isRecord(raw.colorThemes) ? raw.colorThemes : {};
  if (Object.keys(themes).length === 0) problems.push({ path: 'colorThemes', message: 'Declare at least one colour theme.' });
  for (const [id, theme] of Object.entries(themes)) {
    for (const role of COLOR_ROLES) {
      const value = isRecord(theme) ? theme[role] : undefined;
      if (typeof value === 'string' && (PALETTE_SLOTS as readonly string[]).includes(value)) continue;
      const checked = checkColor(value);
      if ('error' in checked) problems.push({ path: `colorThemes.${id}.${role}`, message: checked.error });
    }
  }
  if (typeof raw.defaultThemeId !== 'string' || !(raw.defaultThemeId in themes))
    problems.push({ path: 'defaultThemeId', message: 'Name one of the colour themes.' });
  const fonts = isRecord(raw.fontThemes) ? raw.fontThemes : {};
  if (Object.keys(fonts).length === 0) problems.push({ path: 'fontThemes', message: 'Declare at least one font theme.' });
  for (const [id, theme] of Object.entries(fonts)) {
    for (const part of FONT_PARTS) {
      const choice = isRecord(theme) ? theme[part] : undefined;
      if (!isRecord(choice) || typeof choice.family !== 'string' || !isNumber(choice.weight)) {
        problems.push({ path: `fontThemes.${id}.${part}`, message: 'Give a font family and a weight.' });
      }
    }
  }
  if (typeof raw.activeFontThemeId !== 'string' || !(raw.activeFontThemeId in fonts))
    problems.push({ path: 'activeFontThemeId', message: 'Name one of the font themes.' });
  const categories = isRecord(raw.fontUsageCategories) ? raw.fontUsageCategories : {};
  for (const [id, category] of Object.entries(categories)) {
    const ok =
      isRecord(category) &&
      (FONT_PARTS as readonly string[]).includes(category.role as string) &&
      isRecord(category.size) &&
      isNumber(category.size.desktop) &&
      (category.size.mobile === undefined || isNumber(category.size.mobile)) &&
      (category.lineHeight === undefined || isNumber(category.lineHeight));
    if (!ok) problems.push({ path: `fontUsageCategories.${id}`, message: 'Give a role (heading, body or button) and a size { desktop, mobile? } in rem.' });
  }
  return problems.length === before ? (raw as unknown as Aesthetics) : null;
}

function readSetting(raw: unknown, index: number, seen: Set<string>, problems: StyleProblem[]): StyleSetting | null {
  const at = `settings[${index}]`;
  if (!isRecord(raw) || typeof raw.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(raw.id)) {
    problems.push({ path: at, message: 'A setting needs an id of lower-case letters, digits and hyphens.' });
    return null;
  }
  const path = `settings.${raw.id}`;
  if (seen.has(raw.id)) {
    problems.push({ path, message: 'Two settings have this id.' });
    return null;
  }
  seen.add(raw.id);
  if (!(SETTING_TYPES as readonly string[]).includes(raw.type as string)) {
    problems.push({ path, message: `Unknown setting type ${String(raw.type)}: use ${SETTING_TYPES.join(', ')}.` });
    return null;
  }
  if (!(SETTING_GROUPS as readonly string[]).includes(raw.group as string)) {
    problems.push({ path, message: `Unknown setting group ${String(raw.group)}: use ${SETTING_GROUPS.join(', ')}.` });
    return null;
  }
  if (typeof raw.label !== 'string' || raw.label === '') problems.push({ path, message: 'A setting needs a label.' });
  if (raw.type === 'select' && (!Array.isArray(raw.options) || raw.options.length === 0)) problems.push({ path, message: 'A select setting needs options.' });
  if (raw.type === 'range' && (!isNumber(raw.min) || !isNumber(raw.max) || raw.min > raw.max))
    problems.push({ path, message: 'A range setting needs min and max.' });
  const setting = raw as unknown as StyleSetting;
  const defaults = setting.type === 'range' && setting.responsive ? (isRecord(raw.default) ? raw.default : {}) : { value: raw.default };
  if (setting.type === 'range' && setting.responsive && !isNumber(defaults.desktop))
    problems.push({ path: `${path}.default`, message: 'A responsive range needs { desktop, mobile? }.' });
  for (const [screen, value] of Object.entries(defaults)) {
    if (value === undefined) continue;
    const checked = checkSetting(setting, value);
    if ('error' in checked) problems.push({ path: screen === 'value' ? `${path}.default` : `${path}.default.${screen}`, message: checked.error });
  }
  return setting;
}

/**
 * The style settings a theme's manifest (template.conf) declares: its `aesthetics` and `settings`,
 * with each problem found. `schema` is null when the aesthetics are missing or wrong (the theme then
 * has no style panel and its pages no style variables); a wrong setting alone is left out.
 */
export function readThemeStyles(manifest: unknown): { schema: StylesSchema | null; problems: StyleProblem[] } {
  const problems: StyleProblem[] = [];
  const conf = isRecord(manifest) ? manifest : {};
  const aesthetics = readAesthetics(conf.aesthetics, problems);
  const seen = new Set<string>();
  const rawSettings = Array.isArray(conf.settings) ? conf.settings : [];
  const settings: StyleSetting[] = [];
  rawSettings.forEach((raw, i) => {
    const before = problems.length;
    const setting = readSetting(raw, i, seen, problems);
    if (setting && problems.length === before) settings.push(setting);
  });
  return { schema: aesthetics ? { aesthetics, settings } : null, problems };
}
