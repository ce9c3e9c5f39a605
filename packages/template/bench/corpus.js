// Assembles the fidelity corpus: public Squarespace template files (.block, .list, .item, .region) from public
// GitHub repositories, written to bench/.corpus/<owner>__<repo>/<path> at the commit listed here.
//
//   node bench/corpus.js            # fetch what is missing (needs access to raw.githubusercontent.com)
//   node bench/corpus.js --list     # print the manifest and which files are present
//   node bench/corpus.js --from <file>  # take files from a JSON-lines file of {repo, path, text} rows
//                                       # (fetched some other way), for the listed rows only
//
// The files are third-party code: they stay out of the repository (bench/.gitignore ignores .corpus/), and
// only this list of where they come from is committed. The list holds the templates of Squarespace's own
// open-source template frameworks and of site repositories found by searching public code for site.region
// and collection templates. Add a row to grow the corpus; bench/fidelity.js renders whatever is there.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.join(here, '.corpus');

export const MANIFEST = [
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'collections/blog.list' },
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'blocks/meta.block' },
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'blocks/author.block' },
  { repo: 'Squarespace/bureau-framework', commit: '6b2f423d0f19b17dcc076360e597e2e5f115a00f', path: 'site.region' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'collections/gallery.list' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/index.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'collections/project.list' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/project-banner.block' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/index-collection-image.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'collections/index.list' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/header-nav.block' },
  { repo: 'Squarespace/wright-framework', commit: 'd7b65c8ce2c8b332b6b1979746d700a4bcac0439', path: 'blocks/mobile-nav-folder.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/background-media.block' },
  { repo: 'Squarefront/squarespace-events-collection-boilerplate', commit: '463a1ec3e49a72659c248849fe565b8e00e3fe3a', path: 'collections/events.list' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/footer.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/intro.block' },
  { repo: 'Squarespace/wright-framework', commit: '11f1c52b996f0a7ffe513722adc7ab7fc09554cb', path: 'blocks/mobile-nav.block' },
  { repo: 'Squarespace/bureau-framework', commit: 'b74987e80959f1ddc69ded2aaaddf3f0f83370a3', path: 'collections/blog.item' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/main-navigation.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/page-banner.block' },
  { repo: 'MechanicalHuman/hnp-squarespace-template', commit: '3251b093d6bdd14d9be76c6f3afee9cc34b3d0c7', path: 'src/collections/archive.list' },
  { repo: 'MechanicalHuman/hnp-squarespace-template', commit: '3251b093d6bdd14d9be76c6f3afee9cc34b3d0c7', path: 'src/blocks/thumbnails.block' },
  { repo: 'phantomdullbooth/fort-york-squarespace-template', commit: 'e46af842de3e146b6cda1d448dfc9e7e4411a7c4', path: 'collections/products.list' },
  { repo: 'phantomdullbooth/fort-york-squarespace-template', commit: '0e35ed68de392fd6a2cf5c9aae7fc9dbd16e03c4', path: 'blocks/socialnav.block' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/cart-icon.block' },
  { repo: 'Squarespace/endeavor-framework', commit: 'd83a7a5ea6ad6899325b13fdbce1b280e9e5cab0', path: 'blocks/index-navigation.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/category-slugs.block' },
  { repo: 'Squarespace/doncab-framework', commit: '785670057977e80467876ea317752b9602556144', path: 'blocks/mobile-primary-nav.block' },
];

const target = (row) => path.join(corpusDir, row.repo.replace('/', '__'), row.path);

function importFrom(file) {
  const listed = new Map(MANIFEST.map((row) => [`${row.repo}/${row.path}`, row]));
  let written = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const rec = JSON.parse(line);
    const row = listed.get(`${rec.repo}/${rec.path}`);
    if (row === undefined || typeof rec.text !== 'string') continue;
    fs.mkdirSync(path.dirname(target(row)), { recursive: true });
    fs.writeFileSync(target(row), rec.text);
    written++;
  }
  console.log(`corpus: ${written} written from ${file}, ${MANIFEST.length} listed, in ${corpusDir}`);
}

async function main() {
  const fromAt = process.argv.indexOf('--from');
  if (fromAt >= 0) {
    importFrom(process.argv[fromAt + 1]);
    return;
  }
  if (process.argv.includes('--list')) {
    for (const row of MANIFEST) console.log(`${fs.existsSync(target(row)) ? 'present' : 'missing'}  ${row.repo}@${row.commit.slice(0, 10)} ${row.path}`);
    return;
  }
  let fetched = 0;
  for (const row of MANIFEST) {
    const file = target(row);
    if (fs.existsSync(file)) continue;
    const url = `https://raw.githubusercontent.com/${row.repo}/${row.commit}/${row.path}`;
    const res = await fetch(url);
    if (!res.ok) {
      console.log(`${res.status} ${url}`);
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await res.text());
    fetched++;
  }
  console.log(`corpus: ${fetched} fetched, ${MANIFEST.length} listed, in ${corpusDir}`);
}

main().catch((e) => {
  console.error(`corpus: ${e.message}`);
  process.exitCode = 1;
});
