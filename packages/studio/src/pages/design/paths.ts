// The dotted paths of the site's styles (docs/owner-api.md "Site styles"): what a path holds now
// (the unsaved change, else the site's resolved value), and what the theme's default for it is, so
// that a field can offer "Reset to theme default" only where it differs.
import type { Changes, Design, StyleValue } from './calls.js';

export const PALETTE_SLOTS = ['lightest', 'light', 'accent', 'dark', 'darkest'] as const;
export const COLOR_ROLES = [
  ['background', 'Background'],
  ['surface', 'Surface'],
  ['text', 'Text'],
  ['muted', 'Muted text'],
  ['heading', 'Heading'],
  ['link', 'Link'],
  ['buttonBackground', 'Button background'],
  ['buttonText', 'Button text'],
  ['border', 'Border'],
] as const;
export const FONT_ROLES = [
  ['heading', 'Heading'],
  ['body', 'Body'],
  ['button', 'Button'],
] as const;

/** The theme's default for a path (undefined for a path the theme does not declare). */
function defaultOf(design: Design, path: string): StyleValue | undefined {
  const [head, ...rest] = path.split('.');
  if (head === 'settings') {
    const [id, screen] = rest;
    const setting = design.schema.settings.find((s) => s.id === id);
    if (!setting) return undefined;
    const value = setting.default as StyleValue | Readonly<Record<string, StyleValue>>;
    if (setting.responsive && typeof value === 'object' && value !== null) return screen === 'mobile' ? (value.mobile ?? value.desktop) : value.desktop;
    return value as StyleValue;
  }
  let at: unknown = design.schema.aesthetics;
  for (const key of [head, ...rest]) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key!] : undefined;
  return typeof at === 'object' ? undefined : (at as StyleValue | undefined);
}

/** What a path holds with the unsaved changes: the change, the theme's default for a null one, else the site's value. */
function currentValue(design: Design, changes: Changes, path: string): StyleValue | undefined {
  if (path in changes) return changes[path] ?? defaultOf(design, path);
  return design.values[path] ?? defaultOf(design, path);
}

/** A phone's value of a responsive path falls back to the desktop's. */
export function screenValue(design: Design, changes: Changes, path: string): StyleValue | undefined {
  const own = currentValue(design, changes, path);
  if (own !== undefined || !path.endsWith('.mobile')) return own;
  return currentValue(design, changes, `${path.slice(0, -'.mobile'.length)}.desktop`);
}

/** True when the path's value (with the changes) is not the theme's default: a reset would change it. */
export function differsFromDefault(design: Design, changes: Changes, path: string): boolean {
  const value = currentValue(design, changes, path);
  return value !== undefined && value !== defaultOf(design, path);
}

/** The changes without a path, or with it (an edit back to the saved value is no change at all). */
export function withChange(design: Design, changes: Changes, path: string, value: StyleValue | null): Changes {
  const { [path]: _gone, ...rest } = changes;
  const saved = design.saved[path];
  if (value === null ? saved === undefined : value === (design.values[path] ?? defaultOf(design, path))) return rest;
  return { ...rest, [path]: value };
}

/** A colour as the colour input takes it (#rrggbb), or null when the text is not a full hex colour. */
export function toColorInput(value: string | undefined): string | null {
  if (!value) return null;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null;
}

/** The group headings of the theme's own settings, in the panel's order. */
export const SETTING_GROUPS = [
  ['colors', 'Theme colours'],
  ['fonts', 'Theme fonts'],
  ['buttons', 'Buttons'],
  ['spacing', 'Spacing'],
  ['widths', 'Widths'],
  ['header', 'Header'],
  ['footer', 'Footer'],
  ['pages', 'Pages'],
  ['other', 'Other'],
] as const;
