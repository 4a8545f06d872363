// The layers of ARCHITECTURE.md ("One boundary"), checked by `npm run lint` in `npm test`.
// dependency-cruiser 17 (the newest major that runs on Node 20): decision 0026.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycles',
      comment: 'A cycle makes load order matter and hides which layer depends on which.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-never-imports-server',
      comment:
        'db/ (schema, migrations, connection, seed) sits below the server: the server uses it, never the reverse. ' +
        'Tests of db/ may start the server\'s test app; what composes both (CLIs, first-start seed) lives in src/server.',
      severity: 'error',
      from: { path: '^db/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'only-routers-import-trpc',
      comment:
        'Services take db + actor and throw AppError; only routers, the app and the REST adapter know tRPC. ' +
        'The Actor type comes from src/server/auth/actor.ts.',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: ['\\.router\\.ts$', '^src/server/(router|app|trpc)\\.ts$', '^src/server/rest/', '\\.test\\.ts$', '^src/server/test-support/'],
      },
      to: { path: '^src/server/trpc\\.ts$' },
    },
    {
      name: 'no-imports-between-client-features',
      comment: 'A feature is one domain\'s screens; what two features share goes to components/ or lib/.',
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'shared-is-isomorphic',
      comment: 'src/shared is imported by browser and server alike: it may import neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/|^db/' },
    },
    {
      name: 'client-never-imports-server-code',
      comment: 'The browser may know the server\'s types (AppRouter), never its code.',
      severity: 'error',
      from: { path: '^src/client/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(src/server|db)/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
