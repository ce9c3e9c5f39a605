// Image attributes shared by the image formatters: data attributes the storefront's image loader reads.

import { escapeHtmlAttr } from '@tessera/core/html';
import { imageAltText, imageFocalPoint } from '@tessera/core';
import { field, text } from './html.js';
import { isObject } from '../runtime/values.js';

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

/**
 * The loader attributes of an image, each followed by a space as the reference engines write them (so
 * `<img {@|image-meta}/>` and `<img {@|image-meta} />` come out as theirs): a licensed preview's flag, the
 * component key, source, dimensions, focal point and alt text (the given one, else the image's own).
 */
export function imageMetaAttributes(image: unknown, alt: string = altText(image)): string {
  const src = escapeHtmlAttr(text(field(image, 'assetUrl')));
  const licensed = isObject(field(image, 'licensedAssetPreview')) ? 'data-licensed-asset-preview="true" ' : '';
  const key = field(image, 'componentKey');
  const component = key !== undefined ? `data-component-key="${escapeHtmlAttr(text(key))}" ` : '';
  return (
    `${licensed}${component}data-src="${src}" data-image="${src}" data-image-dimensions="${escapeHtmlAttr(text(field(image, 'originalSize')))}" ` +
    `data-image-focal-point="${focalPoint(image)}" alt="${escapeHtmlAttr(alt)}" `
  );
}

export const COLOR_POSITIONS = Object.freeze(['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const);
