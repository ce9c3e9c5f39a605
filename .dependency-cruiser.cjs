/**
 * The arrows between Tessera's parts (docs/code-checks.md):
 *   core <- template <- server;  core <- storefront;  core <- studio;
 * a package reaches another only by its name and public exports (`@tessera/core/money`), never by
 * a path into its folder; nothing imports the server but its own tests and the repository's
 * benches, scripts and end-to-end suites; inside the server, a module reaches another module only
 * through that module's index.ts, and never reaches app.ts, which composes them all.
 *
 * Run by `npm run lint`: `depcruise packages bench scripts test themes sites --config .dependency-cruiser.cjs`.
 */

/** A package and the packages it may import by name. */
const ALLOWED = {
  core: [],
  template: ['core'],
  server: ['core', 'template'],
  storefront: ['core'],
  studio: ['core'],
};

const packageRules = Object.entries(ALLOWED).map(([name, allowed]) => ({
  name: `${name}-depends-only-on-${allowed.length ? allowed.join('-and-') : 'nothing'}`,
  comment: `@tessera/${name} may import ${allowed.length ? allowed.map((a) => `@tessera/${a}`).join(' and ') : 'no other package'}: dependencies point one way.`,
  severity: 'error',
  // What ships; tests may use another package by name (the storefront's render the engine's snippets).
  from: { path: `^packages/${name}/src/` },
  to: { path: '^packages/([^/]+)/', pathNot: [`^packages/(${[name, ...allowed].join('|')})/`] },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle makes a group of files one unit that cannot be read, tested or moved on its own. ' +
        'Cycles through type-only imports are left out: the compiler erases them.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-modules',
      comment:
        'Server modules do not import each other in circles (a module reads another, never the other way round as well); ' +
        'what one adds to another goes through a hook the other exposes.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/server/src/modules/[^/]+$' },
      to: { path: '^packages/server/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'no-package-internals',
      comment:
        'A package, theme or site imports another package by its name and public exports (@tessera/core/money), never by a path into its folder. ' +
        "The repository's own benches, scripts and end-to-end suites (bench/, scripts/, test/) drive the built server and may use its parts.",
      severity: 'error',
      from: { path: '^(packages|themes|sites)/([^/]+)/' },
      // By name a workspace package resolves as "aliased"; a path into its folder does not.
      to: { path: '^packages/', pathNot: ['^packages/$2/'], dependencyTypesNot: ['aliased'] },
    },
    ...packageRules,
    {
      name: 'only-tests-and-tools-import-the-server',
      comment:
        "Nothing imports @tessera/server but its own tests, the repository's benches, scripts and end-to-end suites, " +
        "and the theme's tests (they render with the page strings the server puts in every page context).",
      severity: 'error',
      from: { pathNot: ['^packages/server/', '^bench/', '^scripts/', '^test/', '^themes/[^/]+/test/'] },
      to: { path: '^packages/server/' },
    },
    {
      name: 'modules-meet-through-their-index',
      comment: "A server module reaches another module only through that module's index.ts, never its other files.",
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: { path: '^packages/server/src/modules/([^/]+)/', pathNot: ['^packages/server/src/modules/$1/', '^packages/server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'modules-never-import-the-app',
      comment: 'app.ts composes the modules; a module that imports it depends on every other module.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/' },
      to: { path: '^packages/server/src/app\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    preserveSymlinks: false,
    exclude: { path: ['(^|/)dist/', '^packages/template/bench/\\.corpus/', '/fixtures/'] },
    // Packages are read from their TypeScript sources, as the tests and the type checker see them.
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['tessera-source', 'import', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.d.mts'],
    },
  },
};
