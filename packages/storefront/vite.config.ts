import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * Vite wraps every dynamic import in a preload helper that also loads the CSS of the imported
 * chunk. No island imports CSS and modulePreload is off, so the helper would only cost every page
 * its bytes (about 0.6 KB gzipped of the bootstrap): it is replaced by a plain call.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const plainDynamicImports: Plugin = {
  name: 'tessera:plain-dynamic-imports',
  enforce: 'pre',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
};

// The storefront ships as hashed static assets that the server serves with long cache
// lifetimes; the manifest maps each entry to its hashed file so pages can reference it.
export default defineConfig({
  plugins: [plainDynamicImports, react()],
  // Served under /static/storefront/ (packages/server/src/http/storefront.ts): chunks that islands
  // load later are fetched from there.
  base: '/static/storefront/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'baseline-widely-available',
    // No preload helper in the bootstrap: an island's chunk names its own imports, which the
    // browser fetches as soon as it reads them (every page pays for the helper, few gain from it).
    modulePreload: false,
    rollupOptions: {
      // The owner's pages are the studio's (packages/studio), a build of their own.
      // The design preview's listener is an entry of its own: the studio adds it to the page it frames,
      // so no visitor's page (nor the bootstrap) carries a byte of it.
      // The marketing entry (cookie banner, consent, tags) likewise: the server adds it only to the pages of a site
      // that asks for consent or configured a tag; it shares no module with the bootstrap, so nothing moves out of it.
      input: { bootstrap: 'src/bootstrap.ts', 'design-preview': 'src/preview/tweaks.ts', marketing: 'src/marketing/index.ts' },
      // Core's constants are frozen objects: unused ones must not ride along just because
      // Object.freeze could in principle have an effect.
      treeshake: { manualPureFunctions: ['Object.freeze', 'Object.fromEntries', 'defineEnum'] },
      output: {
        // Core's product rules (types, labels, installment eligibility) in one chunk: the product
        // page needs them all, and the checkout a few (the card-network provider's method types);
        // split by what each page shares, they would cost the product page a request and a gzip
        // frame for each part. The express-checkout key, which the add-to-cart button and the
        // checkout share too, rides along rather than being a file of one line.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'product-rules',
              test: /packages[\\/](core[\\/](src|dist)[\\/](product[\\/]|enums[\\/]product-type|markup[\\/]|cart[\\/]texts\.|constants[\\/]storefront\.)|storefront[\\/]src[\\/](islands[\\/]add-to-cart[\\/]express|events)\.ts)/,
            },
          ],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
