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
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-datetime-interval-en-US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-decimal-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-money-1.html'),
  row('ddd9ccc0b2ddc5895605a7cb79b878f452c6b955', 'plugins/platform/i18n/f-datetime-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-decimal-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-units-en-US.html'),
  row('176f89d530f8fcaf361f02d59d8db2a8ef41f9a0', 'plugins/platform/i18n/f-relative-time-1.html'),
  row('1923208cb512888319c13744b63de7c6b6c5e635', 'plugins/platform/i18n/f-datetime-interval-1.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-3.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-image-2.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-string-2.html'),
  row('3a5982b5ab50d2c0e619d2fb6a6bf877a257bc68', 'plugins/platform/f-child-image-meta-2.html'),
  row('d130171979e04d4f48dd479aadffa60ac8e450dd', 'plugins/platform/f-image-7.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-from-price-4.html'),
  row('8167ec8229f661d04dd565d3804b0fdb17b3b6e7', 'plugins/platform/f-product-price-10.html'),
  row('3918f06faaa5294e61efa62290f9acd24155ab6c', 'plugins/platform/f-activate-twitter-links-1.html'),
  row('a0f4995fa7e79566778ce76e6aaef939779088f0', 'plugins/f-apply-2.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-1.html'),
  row('a520cfb18fdfefda1ff7ed9e486a7beb3b1f614d', 'plugins/f-get-5.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-1.html'),
  row('e0698831be083bc1b7e9f649a295d4986db0a4d7', 'plugins/f-truncate-1.html'),
  row('ae5c90bdedfd5755e30b642db16ef827430ae172', 'plugins/f-key-by-1.html'),
  row('7f1f45230c01ab9208d7f10229eccd82c74e11ef', 'plugins/f-format-1.html'),
  row('7d7fa6a5978b131780175b8dce85bb9c34a76e27', 'plugins/f-macro-ctx-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-datetime-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-named-args.html'),
  row('0a59b4e8fe087ced08a84ee179c219b13f84cace', 'plugins/platform/i18n/f-message-subpath-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-comment-count-2.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-normal-price-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-percentage-format-2.html'),
  row('e73b46adf72c16a0a1da88f6b24b8b0d41ce071e', 'plugins/platform/f-cart-quantity-3.html'),
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
