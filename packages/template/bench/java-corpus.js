// Assembles the Java reference engine's test corpus: case files (:JSON, :TEMPLATE, :OUTPUT) from the test
// resources of the Apache-2.0 licensed Squarespace/template-compiler repository, written to
// bench/.corpus-java/<path under the test resources> at the commit listed here.
//
//   node bench/java-corpus.js                  # fetch what is missing (needs raw.githubusercontent.com)
//   node bench/java-corpus.js --list           # print the manifest and which files are present
//   node bench/java-corpus.js --from <file>    # take files from a JSON-lines file of {repo, path, text}
//                                              # rows (fetched some other way), for the listed paths only
//   node bench/fidelity.js --cases bench/.corpus-java   # count the cases each engine passes
//
// The files stay out of the repository (bench/.gitignore ignores .corpus-java/); only this list of where
// they come from is committed. Add a row to grow the corpus.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.join(here, '.corpus-java');
const REPO = 'Squarespace/template-compiler';
const BASE = 'core/src/test/resources/com/squarespace/template/';

const row = (commit, file) => ({ repo: REPO, commit, path: BASE + file });

export const MANIFEST = [
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-image-1.html'),
  row('cfefa85e15995bbc67d12c733f1b4643023e824b', 'plugins/platform/f-google-calendar-url-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-cart-subtotal-1.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-image-meta-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-like-button-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-comments-3.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-humanize-duration-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-from-price-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-comment-link-3.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-cover-image-meta-1.html'),
];

const target = (r) => path.join(corpusDir, r.path.slice(BASE.length));

function importFrom(file) {
  const listed = new Map(MANIFEST.map((r) => [`${r.repo}/${r.path}`, r]));
  let written = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const rec = JSON.parse(line);
    const r = listed.get(`${rec.repo}/${rec.path}`);
    if (r === undefined || typeof rec.text !== 'string') continue;
    fs.mkdirSync(path.dirname(target(r)), { recursive: true });
    fs.writeFileSync(target(r), rec.text);
    written++;
  }
  console.log(`java corpus: ${written} written from ${file}, ${MANIFEST.length} listed, in ${corpusDir}`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--list')) {
    for (const r of MANIFEST) console.log(`${fs.existsSync(target(r)) ? 'present' : 'missing'}  ${r.repo}@${r.commit.slice(0, 10)} ${r.path}`);
    return;
  }
  const fromAt = argv.indexOf('--from');
  if (fromAt >= 0) {
    importFrom(argv[fromAt + 1]);
    return;
  }
  let fetched = 0;
  for (const r of MANIFEST) {
    const file = target(r);
    if (fs.existsSync(file)) continue;
    const url = `https://raw.githubusercontent.com/${r.repo}/${r.commit}/${r.path}`;
    const res = await fetch(url);
    if (!res.ok) {
      console.log(`${res.status} ${url}`);
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await res.text());
    fetched++;
  }
  console.log(`java corpus: ${fetched} fetched, ${MANIFEST.length} listed, in ${corpusDir}`);
}

main().catch((e) => {
  console.error(`java corpus: ${e.message}`);
  process.exitCode = 1;
});
