import { defineConfig } from 'vitest/config';

// One Vitest run covers every package. Packages are resolved from their TypeScript sources
// (the "tessera-source" export condition) so unit tests never need a build; end-to-end
// suites start the built server instead.
export default defineConfig({
  resolve: { conditions: ['tessera-source'] },
  ssr: { resolve: { conditions: ['tessera-source'] } },
  test: {
    include: ['packages/*/test/**/*.test.{ts,tsx}', 'themes/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
