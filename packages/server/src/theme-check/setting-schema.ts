// The shape of template.conf's `settings` (the theme's own style settings), checked without the
// styles model: each entry's type decides which fields it needs and what its default may be.

const TYPES = ['color', 'font', 'select', 'range', 'toggle', 'text'] as const;
const GROUPS = ['colors', 'fonts', 'buttons', 'spacing', 'widths', 'header', 'footer', 'pages', 'other'] as const;
const ID = /^[a-z0-9][a-z0-9-]*$/;
const HEX = /^#[0-9a-fA-F]{3,6}$/;
const PALETTE_SLOTS = ['lightest', 'light', 'accent', 'dark', 'darkest'];
const TEXT_MAX = 200;

export interface SettingProblem {
  id?: string;
  message: string;
}

type Entry = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function rangeValueProblem(s: Entry, value: unknown): string | null {
  const { min, max, step } = s as { min: number; max: number; step: number };
  if (!isNumber(value)) return 'a number';
  if (value < min || value > max) return `between ${min} and ${max}`;
  // Steps count from the minimum, with room for decimal steps such as 0.1.
  const steps = (value - min) / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return `a multiple of ${step} from ${min}`;
  return null;
}

function defaultProblem(s: Entry): string | null {
  const d = s.default;
  switch (s.type as (typeof TYPES)[number]) {
    case 'color':
      return typeof d === 'string' && (HEX.test(d) || PALETTE_SLOTS.includes(d)) ? null : 'a hex colour (# and 3 to 6 digits) or a palette slot';
    case 'font':
      return typeof d === 'string' && d.length > 0 ? null : 'a font id';
    case 'select': {
      const options = s.options;
      if (!Array.isArray(options) || options.length === 0) return null; // reported as missing options
      return options.some((o) => (o as Entry | null)?.value === d) ? null : `one of the options' values`;
    }
    case 'range': {
      if (!isNumber(s.min) || !isNumber(s.max) || !isNumber(s.step) || s.step <= 0) return null; // reported as bounds
      if (s.responsive === true) {
        if (!d || typeof d !== 'object') return 'an object { desktop, mobile? }';
        const { desktop, mobile, ...rest } = d as Entry;
        if (Object.keys(rest).length > 0) return 'an object { desktop, mobile? } without other keys';
        return rangeValueProblem(s, desktop) ?? (mobile === undefined ? null : rangeValueProblem(s, mobile));
      }
      return rangeValueProblem(s, d);
    }
    case 'toggle':
      return typeof d === 'boolean' ? null : 'true or false';
    case 'text':
      return typeof d === 'string' && d.length <= TEXT_MAX ? null : `text of at most ${TEXT_MAX} characters`;
  }
  return null;
}

function entryProblems(s: Entry): string[] {
  const out: string[] = [];
  if (typeof s.label !== 'string' || s.label.trim() === '') out.push('needs a label');
  if (!GROUPS.includes(s.group as (typeof GROUPS)[number])) out.push(`has the group ${JSON.stringify(s.group)}; groups are ${GROUPS.join(', ')}`);
  if (!TYPES.includes(s.type as (typeof TYPES)[number])) {
    out.push(`has the type ${JSON.stringify(s.type)}; types are ${TYPES.join(', ')}`);
    return out;
  }
  if (s.type === 'select') {
    const options = s.options;
    const valid =
      Array.isArray(options) &&
      options.length > 0 &&
      options.every((o) => o && typeof (o as Entry).value === 'string' && typeof (o as Entry).label === 'string');
    if (!valid) out.push('needs options: a list of { value, label } strings');
  }
  if (s.type === 'range' && (!isNumber(s.min) || !isNumber(s.max) || !isNumber(s.step) || s.step <= 0 || s.min > s.max)) {
    out.push('needs numbers min <= max and a step above 0');
  }
  const expected = defaultProblem(s);
  if (expected) out.push(`has the default ${JSON.stringify(s.default)}; it must be ${expected}`);
  return out;
}

/** Every problem of the settings list, each with the id of the setting it is about when it has one. */
export function settingProblems(settings: unknown): SettingProblem[] {
  if (!Array.isArray(settings)) return [{ message: 'settings must be a list of settings.' }];
  const out: SettingProblem[] = [];
  const seen = new Set<string>();
  settings.forEach((s, i) => {
    if (!s || typeof s !== 'object' || Array.isArray(s)) {
      out.push({ message: `Setting ${i + 1} must be an object.` });
      return;
    }
    const entry = s as Entry;
    const id = typeof entry.id === 'string' ? entry.id : undefined;
    if (!id || !ID.test(id)) {
      out.push({ id, message: `Setting ${i + 1} needs an id of lowercase letters, digits and dashes.` });
      return;
    }
    if (seen.has(id)) out.push({ id, message: `The setting '${id}' is declared twice.` });
    seen.add(id);
    for (const p of entryProblems(entry)) out.push({ id, message: `The setting '${id}' ${p}.` });
  });
  return out;
}
