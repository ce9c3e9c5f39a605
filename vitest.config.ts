import { defineConfig } from 'vitest/config';

// One Vitest run covers every package. Packages are resolved from their TypeScript sources
// (the "tessera-source" export condition) so unit tests never need a build; end-to-end
// suites start the built server instead (`npm test` builds first).
//
// Three projects: `unit` (pure packages), `server` (integration tests against real SQLite files
// and one embedded PostgreSQL started once per run by its globalSetup) and `e2e` (the built
// server driven by Chromium). A project's globalSetup only runs when that project has tests in
// the run, so `npx vitest run packages/template` starts no database.
export default defineConfig({
  resolve: { conditions: ['tessera-source'] },
  ssr: { resolve: { conditions: ['tessera-source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two files at once: one per core. Every server file has its own databases (a SQLite file and
    // a PostgreSQL database of its own in the one server), so files never share state.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'themes/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['packages/server/test/**', 'test/e2e/**', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          globalSetup: ['packages/server/test/helpers/postgres-global.ts'],
          // The files of a worker share one module graph: loading the server's modules once per worker
          // instead of once per file saves minutes, and every file builds its own app and stores, so
          // nothing a test sees is shared (module-level maps are memos of pure functions).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/seeds-global.ts'],
          // After the other projects (a group of its own): each suite starts its own server and
          // browser, and two at once is what two cores can carry.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
    ],
  },
});
