import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A copy of a site folder (the demo shop) with a cover page ("/welcome") and its popup overlay set up but
 * off, as an owner would write them: the special pages' server tests and their end-to-end walk share it.
 */
export async function demoWithCover(siteDir: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-cover-'));
  await fs.cp(siteDir, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  const cover = {
    urlId: 'welcome',
    title: 'Welcome',
    type: 'page',
    access: 'public',
    items: [
      {
        urlId: 'welcome',
        title: 'Fresh from the roaster',
        body: '<p>Roasted every Tuesday, shipped the day after.</p>',
        mainImage: 'assets/pages/about-studio.svg',
        mainImageAlt: 'The studio: shelves of mugs and coffee bags',
        cover: { actionLabel: 'Shop the coffee', actionUrl: '/shop' },
      },
    ],
  };
  await fs.writeFile(path.join(dir, 'collections', 'welcome.json'), JSON.stringify(cover, null, 2));
  const file = path.join(dir, 'site.json');
  const site = JSON.parse(await fs.readFile(file, 'utf8'));
  site.settings.popupOverlay = { enabled: false, title: 'Join the roasting list', body: '<p>One letter a month.</p>' };
  await fs.writeFile(file, JSON.stringify(site, null, 2));
  return dir;
}
