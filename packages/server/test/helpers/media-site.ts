import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_SITE } from './paths.js';
import { photo } from './images.js';

/**
 * A copy of the fixture site whose Blue Mug shows photographs: `assets/shop/mug.jpg` (1200 x 900,
 * stored turned with an EXIF orientation), `assets/shop/mug-side.png` (320 x 240) and the SVG it had.
 * `extra` adds or replaces asset files (a damaged JPEG, a PNG bomb...).
 */
export async function photoSite(extra: Record<string, Buffer> = {}): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-photo-site-'));
  await fs.cp(FIXTURE_SITE, dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'assets/shop/mug.jpg'), await photo(900, 1200, { orientation: 6 }));
  await fs.writeFile(path.join(dir, 'assets/shop/mug-side.png'), await photo(320, 240, { format: 'png' }));
  for (const [file, bytes] of Object.entries(extra)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), bytes);
  }
  const shopFile = path.join(dir, 'collections/shop.json');
  const shop = JSON.parse(await fs.readFile(shopFile, 'utf8'));
  const mug = shop.items.find((i: { urlId: string }) => i.urlId === 'blue-mug');
  mug.mainImage = 'assets/shop/mug.jpg';
  mug.product.images = [
    { path: 'assets/shop/mug.jpg', alt: 'The blue mug, front' },
    { path: 'assets/shop/mug-side.png' },
    { path: 'assets/shop/mug.svg', alt: 'A drawing of the mug' },
  ];
  await fs.writeFile(shopFile, JSON.stringify(shop, null, 2));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Every file under a folder, relative, sorted (what a blob folder holds). */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
}
