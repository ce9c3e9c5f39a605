// A file uploaded in the studio, with the name, alt text, title and focal point the owner gave it, goes
// through `tessera export` and `tessera import` whole: its bytes as a file of the folder, its details in
// media.json, its row (id and upload date) kept when the folder comes back to the same store, and its
// details set from media.json in a new store. A bad media.json fails the import with every issue listed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite, SiteDirectoryError } from '../../src/site-dir/index.js';
import { photo } from '../helpers/images.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { signedIn, type StaffBrowser, type StaffSite } from '../owner-staff/helpers.js';
import { mediaSite, multipartBody } from './helpers.js';

const DETAILS = { name: 'Kiln, first firing', alt: 'Mugs on the kiln shelf after the first firing', title: 'First firing', focalPoint: { x: 0.25, y: 0.75 } };

describe.each(DIALECTS)('the media library through export and import on %s', (dialect) => {
  let site: StaffSite;
  let admin: StaffBrowser;
  let folder: string;
  let uploaded: { id: string; path: string };

  beforeAll(async () => {
    site = await mediaSite(dialect);
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    site.clock.now += 1000;
    const { body, contentType } = multipartBody([{ name: 'kiln.jpg', bytes: await photo(640, 480) }]);
    uploaded = (await admin.request('POST', '/api/owner/media', body, { 'content-type': contentType })).json.files[0].asset;
    const patched = await admin.request('PATCH', `/api/owner/media/${uploaded.id}`, DETAILS);
    expect(patched.status).toBe(200);
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-media-round-trip-'));
  });
  afterAll(async () => {
    await site?.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('exports the uploaded file with its details in media.json', async () => {
    const { files } = await exportSite(site.store, folder, { force: true });
    expect(files).toContain(uploaded.path);
    expect(files).toContain('media.json');
    const media = JSON.parse(await fs.readFile(path.join(folder, 'media.json'), 'utf8'));
    expect(media[uploaded.path]).toEqual(DETAILS);
    // Files with no details of their own are not listed.
    expect(Object.keys(media)).toEqual([uploaded.path]);
  });

  it('keeps the row of a file the store has when the folder comes back, with its upload date and details', async () => {
    const before = await site.store.db.selectFrom('assets').selectAll().where('id', '=', uploaded.id).executeTakeFirstOrThrow();
    // The owner edits alt text in the folder; the rest stays as the library had it.
    const media = JSON.parse(await fs.readFile(path.join(folder, 'media.json'), 'utf8'));
    media[uploaded.path] = { ...media[uploaded.path], alt: 'Mugs cooling on the kiln shelf' };
    delete media[uploaded.path].title;
    await fs.writeFile(path.join(folder, 'media.json'), JSON.stringify(media));
    await importSite(site.store, folder);
    const after = await site.store.db.selectFrom('assets').selectAll().where('path', '=', uploaded.path).executeTakeFirstOrThrow();
    expect(after.id).toBe(uploaded.id);
    expect(after.created_on).toBe(before.created_on);
    expect(after).toMatchObject({ display_name: DETAILS.name, alt: 'Mugs cooling on the kiln shelf', title: DETAILS.title, focal_x: 0.25, focal_y: 0.75 });
    const listed = await admin.request('GET', `/api/owner/media/${uploaded.id}`);
    expect(listed.status).toBe(200);
    expect(listed.json.asset).toMatchObject({ name: DETAILS.name, alt: 'Mugs cooling on the kiln shelf' });
  });

  it('sets the details from media.json in a new store', async () => {
    const fresh = await freshStore(dialect);
    try {
      await importSite(fresh, folder);
      const row = await fresh.db.selectFrom('assets').selectAll().where('path', '=', uploaded.path).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ display_name: DETAILS.name, alt: 'Mugs cooling on the kiln shelf', focal_x: 0.25, focal_y: 0.75 });
    } finally {
      await fresh.close();
    }
  });

  it('fails an import whose media.json names a missing file or gives bad details, and lists every issue', async () => {
    await fs.writeFile(
      path.join(folder, 'media.json'),
      JSON.stringify({ 'assets/uploads/gone.jpg': { alt: 'x' }, [uploaded.path]: { alt: 7, focalPoint: { x: 2, y: 0.5 }, name: 'n'.repeat(201) } }),
    );
    const error = await importSite(site.store, folder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteDirectoryError);
    expect((error as SiteDirectoryError).issues).toEqual([
      { file: 'media.json', path: 'assets/uploads/gone.jpg', message: "names no file of the folder's assets (assets/uploads/gone.jpg)" },
      { file: 'media.json', path: `${uploaded.path}.name`, message: 'is longer than 200 characters' },
      { file: 'media.json', path: `${uploaded.path}.alt`, message: 'must be a string' },
      { file: 'media.json', path: `${uploaded.path}.focalPoint.x`, message: 'must be a number from 0 to 1' },
    ]);
    // Nothing was written: the library still has what it had.
    const row = await site.store.db.selectFrom('assets').select(['alt']).where('id', '=', uploaded.id).executeTakeFirstOrThrow();
    expect(row.alt).toBe('Mugs cooling on the kiln shelf');
  });
});
