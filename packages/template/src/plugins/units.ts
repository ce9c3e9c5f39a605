// Units (`{n|unit in:byte compact:bytes}`): not written yet beyond the plain number.

import type { PluginContext } from './types.js';

export function formatUnit(_value: unknown, _options: string[], _locale: string, _ctx: PluginContext): string {
  return '';
}
