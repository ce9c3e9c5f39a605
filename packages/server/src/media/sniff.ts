import { fileTypeFromBuffer } from 'file-type';

/** What kind of file an asset is, by its content: the kinds the editor's limits and messages name. */
type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'file';

export interface Sniffed {
  readonly mime: string;
  readonly kind: MediaKind;
}

/** Raster formats the image service reads and makes variants of, by MIME type, with the sharp format name. */
export const RASTER_FORMATS: Readonly<Record<string, 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'>> = Object.freeze({
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
});

/** File names that promise an image: their content must be one (checked at import and upload). */
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|svg)$/i;

export function namesAnImage(fileName: string): boolean {
  return IMAGE_NAME.test(fileName);
}

/**
 * An SVG document: XML whose root element is `svg`, after an optional byte-order mark, XML declaration,
 * comments and doctype. Text formats carry no magic number, so the start of the text is read.
 */
function isSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('utf8');
  const rest = head.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

export function kindOf(mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || mime.includes('officedocument') || mime === 'application/msword' || mime === 'application/rtf') return 'document';
  return 'file';
}

/**
 * The type of a file by its content, never its name (file-type reads the magic numbers; SVG is
 * recognised from its text). Undefined when the content is of no known type (plain text, an empty file).
 */
export async function sniff(bytes: Uint8Array): Promise<Sniffed | undefined> {
  if (bytes.byteLength === 0) return undefined;
  const found = await fileTypeFromBuffer(bytes);
  // An SVG file often starts with an XML declaration, which file-type reports as XML.
  if ((!found || found.mime === 'application/xml') && isSvg(bytes)) return { mime: 'image/svg+xml', kind: 'image' };
  return found ? { mime: found.mime, kind: kindOf(found.mime) } : undefined;
}
