// After `vite build` of the storefront or the studio: a .br and a .gz beside every script and
// stylesheet of the build's assets folder (the argument, from the package's folder), compressed once
// at the highest levels. The server sends them as they are (@fastify/static preCompressed), so no
// request compresses a script on the fly, and a visitor who leaves a page while a script is on its
// way aborts a file read, not a compression stream.
// Usage: node ../../scripts/precompress.mjs dist/assets
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

if (!process.argv[2]) {
  console.error('usage: node scripts/precompress.mjs <assets folder>');
  process.exit(2);
}
const assets = path.resolve(process.argv[2]);
let files = 0;
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const source = fs.readFileSync(path.join(assets, name));
  fs.writeFileSync(path.join(assets, `${name}.gz`), zlib.gzipSync(source, { level: 9 }));
  fs.writeFileSync(
    path.join(assets, `${name}.br`),
    zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  );
  files++;
}
console.log(`precompressed ${files} files (.br and .gz) in ${path.relative(process.cwd(), assets)}`);
