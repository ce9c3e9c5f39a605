import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The owner's studio ships as hashed static assets under /config/assets/, served by the server with
// long cache lifetimes (packages/server/src/modules/admin/studio.ts). One entry, src/main.tsx, loads
// the page the server names (src/pages/<page>/page.tsx, each its own chunk); the manifest tells the
// server the entry's file and each page's chunk to preload.
export default defineConfig({
  plugins: [react()],
  base: '/config/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'baseline-widely-available',
    rollupOptions: {
      input: { main: 'src/main.tsx' },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        // A page's chunk is named after its folder (page-analytics-<hash>.js), for whoever reads the network log.
        chunkFileNames: (chunk) => {
          const page = /\/pages\/([^/]+)\/page\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return page ? `assets/page-${page}-[hash].js` : 'assets/[name]-[hash].js';
        },
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
