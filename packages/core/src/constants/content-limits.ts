/** Editor and content limits (platform.md and storefront.md section 9). */
export const CONTENT_LIMITS = Object.freeze({
  blocksPerLayout: 60,
  tracksPerAlbum: 60,
  itemsInUserOrderableCollection: 250,
  productsInCollection: 200,
  nestedCategories: 10_000,
  photoSharingGalleries: 20,
  photoSharingGallerySize: 50,
  tagLength: 50,
  categoryLength: 25,
});

/** What a piece of content holds, as far as the limits care; every field is optional. */
export interface ContentCounts {
  readonly blocksPerLayout?: number;
  readonly tracksPerAlbum?: number;
  readonly itemsInUserOrderableCollection?: number;
  readonly productsInCollection?: number;
  readonly nestedCategories?: number;
  readonly photoSharingGalleries?: number;
  /** Images in each photo-sharing gallery. */
  readonly photoSharingGallerySizes?: readonly number[];
  readonly tags?: readonly string[];
  readonly categories?: readonly string[];
}

const COUNT_MESSAGES: ReadonlyArray<readonly [keyof ContentCounts & keyof typeof CONTENT_LIMITS, string]> = [
  ['blocksPerLayout', 'A layout holds at most {limit} blocks; this one has {count}.'],
  ['tracksPerAlbum', 'An album holds at most {limit} tracks; this one has {count}.'],
  ['itemsInUserOrderableCollection', 'A collection in custom order holds at most {limit} items; this one has {count}.'],
  ['productsInCollection', 'A collection holds at most {limit} products; this one has {count}.'],
  ['nestedCategories', 'A site holds at most {limit} nested categories; this one has {count}.'],
  ['photoSharingGalleries', 'A site holds at most {limit} photo-sharing galleries; this one has {count}.'],
];

const fill = (t: string, limit: number, count: number) => t.replace('{limit}', String(limit)).replace('{count}', String(count));

/**
 * Every content limit the counts exceed, each as a message naming the limit (used when a site
 * directory is imported and when content is saved). Empty when within every limit.
 */
export function checkContentLimits(counts: ContentCounts): string[] {
  const problems: string[] = [];
  for (const [key, template] of COUNT_MESSAGES) {
    const count = counts[key] as number | undefined;
    if (count !== undefined && count > CONTENT_LIMITS[key]) problems.push(fill(template, CONTENT_LIMITS[key], count));
  }
  (counts.photoSharingGallerySizes ?? []).forEach((size, i) => {
    if (size > CONTENT_LIMITS.photoSharingGallerySize) {
      problems.push(`A photo-sharing gallery holds at most ${CONTENT_LIMITS.photoSharingGallerySize} images; gallery ${i + 1} has ${size}.`);
    }
  });
  for (const tag of counts.tags ?? []) {
    if ([...tag].length > CONTENT_LIMITS.tagLength) problems.push(`Tags are at most ${CONTENT_LIMITS.tagLength} characters: "${tag}" is too long.`);
  }
  for (const category of counts.categories ?? []) {
    if ([...category].length > CONTENT_LIMITS.categoryLength) {
      problems.push(`Categories are at most ${CONTENT_LIMITS.categoryLength} characters: "${category}" is too long.`);
    }
  }
  return problems;
}
