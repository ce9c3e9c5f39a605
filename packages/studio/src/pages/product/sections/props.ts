// What every section of the product editor is drawn from.
import type { Choices } from '../../products/types.js';
import type { Draft } from '../draft.js';

export interface SectionProps {
  readonly draft: Draft;
  readonly set: (patch: Partial<Draft>) => void;
  /** Messages by field path (`item.product.variants[1].priceCents`). */
  readonly errors: Readonly<Record<string, string>>;
  readonly choices: Choices;
  readonly currency: string;
  readonly language: string;
}

/** The id of a field's control, from its path: `item.title` -> `f-item-title` (as the store page's fields). */
export const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
