// Image attributes shared by the image formatters: data attributes the storefront's image loader reads.

import { imageAltText, imageFocalPoint } from '@tessera/core';
import { escapeAttr, field, text } from './html.js';

/** "x,y" of the image's focal point (the centre when it has none). */
export function focalPoint(image: unknown): string {
  const { x, y } = imageFocalPoint(field(image, 'mediaFocalPoint'));
  return `${x},${y}`;
}

export function altText(image: unknown): string {
  return imageAltText({
    altText: field(image, 'altText'),
    title: field(image, 'title'),
    body: field(image, 'body'),
    filename: field(image, 'filename'),
  });
}

/** The loader attributes of an image: source, dimensions, focal point and alt text. */
export function imageMetaAttributes(image: unknown): string {
  const src = escapeAttr(text(field(image, 'assetUrl')));
  const licensed = field(image, 'licensedAssetPreview') !== undefined ? 'data-licensed-asset-preview="true" ' : '';
  return `${licensed}data-src="${src}" data-image="${src}" data-image-dimensions="${escapeAttr(text(field(image, 'originalSize')))}"` +
    ` data-image-focal-point="${focalPoint(image)}" alt="${escapeAttr(altText(image))}"`;
}

export const COLOR_POSITIONS = Object.freeze(['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const);
