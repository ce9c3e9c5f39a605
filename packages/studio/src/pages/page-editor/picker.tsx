// The block picker: every kind of block (core's BLOCK_KINDS, in its order) with a short description.
// Choosing one adds it after the selected block, or at the end of the selected section.
import { BLOCK_KINDS, type BlockKind } from '@tessera/core/layout';
import { Dialog } from '../../ui/dialog.js';

const DESCRIPTIONS: Readonly<Record<BlockKind, string>> = {
  text: 'Headings, paragraphs, lists, quotes and links.',
  image: 'One picture from the media library, in one of six designs.',
  gallery: 'Several pictures as a grid, slideshow, carousel or stack.',
  button: 'A link that looks like a button.',
  product: 'One product with its add-to-cart button.',
  summary: "A collection's latest items: events, posts or products.",
  form: 'One of the site’s forms, for visitors to fill in.',
  newsletter: 'A sign-up for the mailing list.',
  accordion: 'Questions and answers that open one at a time.',
  map: 'An address, on a map or as an address card.',
  video: 'A video from the library or a link.',
  audio: 'A track or a podcast episode.',
  code: 'Your own HTML, in a sandboxed frame.',
  quote: 'A quotation with its source.',
  spacer: 'Empty space, as tall as you choose per screen size.',
  line: 'A line across the section.',
  social: 'Links to your social accounts.',
  chart: 'A bar, line or pie chart from a small table.',
};

export interface PickerProps {
  readonly open: boolean;
  /** Why adding is not possible now (the 60-block limit), shown instead of adding. */
  readonly refused: string;
  onPick(kind: BlockKind): void;
  onClose(): void;
}

export function BlockPicker({ open, refused, onPick, onClose }: PickerProps) {
  return (
    <Dialog open={open} title="Add a block" onClose={onClose} className="dialog-wide">
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      <ul className="block-picker">
        {(Object.keys(BLOCK_KINDS) as BlockKind[]).map((kind) => (
          <li key={kind}>
            <button type="button" className="button-secondary" onClick={() => onPick(kind)}>
              <strong>{BLOCK_KINDS[kind].label}</strong> <span>{DESCRIPTIONS[kind]}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-buttons">
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
