import type { BlockKind, BlockSettings, LayoutBlock, LayoutSection } from './model.js';

/** Turns a block's rich text (HTML) into plain words; the caller brings its HTML reader. */
export type PlainText = (html: string) => string;

type Words = { [K in BlockKind]: (settings: BlockSettings[K], plain: PlainText) => readonly string[] };

/**
 * What a visitor reads in each kind of block: the words a site search finds a page by. Links,
 * file paths, ids and numbers of settings are left out (searching "https" must not find every
 * page with a button); a code block's HTML too, since its text is whatever its script writes.
 */
const WORDS: Words = {
  text: (s, plain) => [plain(s.html)],
  image: (s) => [s.title, s.caption, s.alt, s.buttonLabel],
  gallery: (s) => s.images.flatMap((i) => [i.title, i.caption, i.alt]),
  button: (s) => [s.label],
  product: () => [],
  summary: (s) => [s.title],
  form: (s) => [s.title],
  newsletter: (s) => [s.title, s.description],
  accordion: (s, plain) => s.items.flatMap((i) => [i.title, plain(i.html)]),
  map: (s) => [s.address.addressTitle, s.address.addressLine1, s.address.addressLine2, s.address.addressCountry],
  video: (s) => [s.caption],
  audio: (s) => [s.title, s.author],
  code: () => [],
  quote: (s) => [s.text, s.source],
  spacer: () => [],
  line: () => [],
  social: () => [],
  chart: (s) => [s.title, ...s.columns],
};

function blockWords(block: LayoutBlock, plain: PlainText): readonly string[] {
  const words = WORDS[block.kind] as (settings: unknown, plain: PlainText) => readonly string[];
  return words(block.settings, plain);
}

/**
 * The plain text of a layout, block after block in reading order, one space between pieces: what
 * site search matches besides an item's title and excerpt. Hidden blocks count (hidden on a phone
 * is still shown on a desktop).
 */
export function layoutText(sections: readonly LayoutSection[], plain: PlainText): string {
  const pieces: string[] = [];
  for (const section of sections) {
    for (const block of section.blocks) {
      for (const words of blockWords(block, plain)) {
        const trimmed = words.trim();
        if (trimmed !== '') pieces.push(trimmed);
      }
    }
  }
  return pieces.join(' ').replace(/\s+/g, ' ');
}
