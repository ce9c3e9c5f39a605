import { parseGalleryOptions } from '@tessera/core/gallery';
import { escapeHtml } from '@tessera/core/html';
import type { PageRequest } from '../../pages.js';
import { assetUrl, imageContext } from '../assets.js';

/** The gallery designs of `@tessera/core/gallery`, by the name the theme gives the block's variant. */
const DESIGNS = { grid: 'grid', slideshow: 'slideshow', carousel: 'slider', stack: 'stacked' } as const;

type Entry = { image?: unknown; alt?: unknown; title?: unknown; caption?: unknown };
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A gallery block's pictures, shaped as a gallery collection's items so that the theme's
 * `blocks/gallery.block` and the gallery island serve both: each picture an image object of the
 * library (its srcset widths, focal point, colours), its caption as the description, its link the
 * picture itself. The block's options are read with the gallery option table (a bad value takes
 * its default); the design comes from the block's variant, which the reader is not told, so the
 * pictures and options are given once per variant name (`grid`, `slideshow`, `carousel`, `stack`;
 * the same list of pictures) and the template picks its own. Null without a picture that exists.
 */
export async function galleryData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>) {
  const s = req.snapshot;
  const entries = Array.isArray(settings.images) ? (settings.images as Entry[]) : [];
  const items = entries
    .filter((e) => typeof e?.image === 'string' && s.assets.has(e.image))
    .map((e, i) => {
      const path = e.image as string;
      const title = text(e.title);
      const caption = text(e.caption);
      return {
        id: `picture-${i + 1}`,
        title,
        excerpt: caption ? `<p>${escapeHtml(caption)}</p>` : '',
        fullUrl: assetUrl(s, path),
        assetUrl: assetUrl(s, path),
        mainImage: imageContext(s, path, title, text(e.alt) || null),
      };
    });
  if (items.length === 0) return null;
  const { options } = parseGalleryOptions(settings.options);
  const title = typeof settings.title === 'string' && settings.title ? settings.title : 'Gallery';
  const designs = Object.fromEntries(
    Object.entries(DESIGNS).map(([variant, design]) => [variant, { items, collection: { title, galleryOptions: { ...options, design } } }]),
  );
  return designs;
}
