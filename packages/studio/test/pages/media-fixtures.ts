import type { StudioContext } from '../../src/context.js';
import type { MediaAsset } from '../../src/pages/media/calls.js';

/** The media page's context, as the server renders it for an owner. */
export const MEDIA_CONTEXT: StudioContext = { page: 'media', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test' };

/** A file of the library as the API answers it: an uploaded JPEG photograph unless `extra` says otherwise. */
export const mediaAsset = (id: string, name: string, extra: Partial<MediaAsset> = {}): MediaAsset => ({
  id,
  path: `assets/uploads/${name}`,
  name,
  url: `/assets/uploads/${name}?v=abc`,
  contentType: 'image/jpeg',
  kind: 'image',
  size: 183402,
  sizeText: '179.1 KB',
  width: 1200,
  height: 900,
  alt: '',
  title: '',
  focalPoint: null,
  created: 0,
  processingError: null,
  variants: [{ width: 300, format: 'jpeg', url: `/assets/uploads/${name}?v=abc&format=300w` }],
  useCount: 0,
  ...extra,
});
