import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The storefront ships as hashed static assets that the server serves with long cache
// lifetimes; the manifest maps each entry to its hashed file so pages can reference it.
export default defineConfig({
  plugins: [react()],
  // Served under /static/storefront/ (packages/server/src/http/storefront.ts): chunks that islands
  // load later are fetched from there.
  base: '/static/storefront/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    rollupOptions: {
      input: {
        bootstrap: 'src/bootstrap.ts',
        // The owner's pages (issue 8): their own entries, never loaded by visitor pages.
        'admin-login': 'src/admin/login.tsx',
        'admin-analytics': 'src/admin/analytics.tsx',
        'admin-restock': 'src/admin/restock.tsx',
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
