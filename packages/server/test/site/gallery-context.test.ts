// A gallery collection's page context carries its design options, every one typed and defaulted:
// a value missing, of the wrong kind or out of range takes the default of the option table.
import { DEFAULT_GALLERY_OPTIONS } from '@tessera/core/gallery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, pageJson, type TestSite } from '../helpers/app.js';
import { DIALECTS } from '../helpers/store.js';

describe.each(DIALECTS)('gallery options in the page context on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  /** Saves the gallery's options as its collection data and starts a new site version (the page cache key). */
  async function setOptions(galleryOptions: Record<string, unknown>) {
    const row = await site.store.db.selectFrom('collections').select('data').where('url_id', '=', 'photos').executeTakeFirstOrThrow();
    const data = { ...JSON.parse(row.data), galleryOptions };
    await site.store.db
      .updateTable('collections')
      .set({ data: JSON.stringify(data) })
      .where('url_id', '=', 'photos')
      .execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
  }

  it('gives a gallery without options every default, and no other collection any', async () => {
    const gallery = await pageJson(site.app, '/photos');
    expect(gallery.json.collection.galleryOptions).toEqual(DEFAULT_GALLERY_OPTIONS);
    const shop = await pageJson(site.app, '/shop');
    expect(shop.json.collection).not.toHaveProperty('galleryOptions');
  });

  it('reads the options a gallery sets, and falls back to the default for a bad value', async () => {
    await setOptions({ design: 'carousel', autoplay: true, 'autoplay-duration': 2.5, padding: 99, lightboxTheme: 'light', 'aspect-ratio': 'cinema' });
    const { json } = await pageJson(site.app, '/photos');
    expect(json.collection.galleryOptions).toEqual({
      ...DEFAULT_GALLERY_OPTIONS,
      design: 'slider',
      autoplay: true,
      'autoplay-duration': 2.5,
      lightboxTheme: 'light',
    });
    // The item pages of the gallery carry them too.
    const item = await pageJson(site.app, '/photos/kiln');
    expect(item.json.collection.galleryOptions.design).toBe('slider');
  });
});
