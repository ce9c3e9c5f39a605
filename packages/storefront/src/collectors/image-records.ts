// Image records (platform.md sections 3 and 5): only images of the site's own image hosts,
// and only when exactly one element on the page shows the URL, since with two or more the
// sizes and visibility could belong to any of them.
import { AnalyticsImageType } from '@tessera/core/enums';
import { validTimings } from './page-speed-record.js';

export interface Visibility {
  readonly intersectionRatio: number;
  /** performance.now() when the visibility was measured. */
  readonly observationTime: number;
}

/** The share of the element inside the viewport, measured now. */
function measureVisibility(element: Element): Visibility {
  const rect = element.getBoundingClientRect();
  const area = rect.width * rect.height;
  const width = Math.min(rect.right, innerWidth) - Math.max(rect.left, 0);
  const height = Math.min(rect.bottom, innerHeight) - Math.max(rect.top, 0);
  const visible = width > 0 && height > 0 ? width * height : 0;
  return { intersectionRatio: area > 0 ? visible / area : 0, observationTime: performance.now() };
}

/** The page's images measured at load: visibleOnLoad is read from this. */
export function visibilityOnLoad(): Map<HTMLImageElement, Visibility> {
  const seen = new Map<HTMLImageElement, Visibility>();
  for (const image of Array.from(document.images)) seen.set(image, measureVisibility(image));
  return seen;
}

function shows(image: HTMLImageElement, url: string): boolean {
  const lazy = image.getAttribute('data-src');
  return image.currentSrc === url || image.src === url || (!!lazy && new URL(lazy, document.baseURI).href === url);
}

function imageType(image: HTMLImageElement): number {
  if (image.hasAttribute('data-loader')) return AnalyticsImageType.LOADER;
  return image.hasAttribute('data-src') ? AnalyticsImageType.LAZY_DATA_SRC : AnalyticsImageType.PLAIN;
}

/** One image record's data per loaded image of the given hosts (URL prefixes). */
export function imageRecordData(hosts: readonly string[], onLoad: Map<HTMLImageElement, Visibility>): object[] {
  const records: object[] = [];
  const images = Array.from(document.images);
  const entries = (performance.getEntriesByType?.('resource') ?? []) as PerformanceResourceTiming[];
  for (const entry of entries) {
    if (!hosts.some((host) => entry.name.startsWith(host))) continue;
    const matching = images.filter((image) => shows(image, entry.name));
    if (matching.length !== 1) continue;
    const image = matching[0];
    const atLoad = onLoad.get(image);
    const { intersectionRatio, observationTime } = atLoad ?? measureVisibility(image);
    const rect = image.getBoundingClientRect();
    records.push({
      url: entry.name,
      visibleOnLoad: !!atLoad && atLoad.intersectionRatio > 0,
      observationTime,
      intersectionRatio,
      imageType: imageType(image),
      imageLoaderType: image.getAttribute('data-loader') ?? undefined,
      naturalWidth: image.naturalWidth,
      naturalHeight: image.naturalHeight,
      displayedWidth: rect.width,
      displayedHeight: rect.height,
      timings: validTimings({
        startTime: entry.startTime,
        duration: entry.duration,
        responseStart: entry.responseStart,
        responseEnd: entry.responseEnd,
        transferSize: entry.transferSize,
        encodedBodySize: entry.encodedBodySize,
        decodedBodySize: entry.decodedBodySize,
      }),
    });
  }
  return records;
}
