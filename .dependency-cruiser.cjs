// The rules of the house, checked by `npm test` (scripts/test.mjs) with dependency-cruiser.
// docs/architecture.md explains each one.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No module reaches itself again through its imports.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared is used by both sides and imports nothing from either.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      comment: 'The browser bundle holds client and shared code only.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'transport-knows-no-feature',
      severity: 'error',
      comment:
        'Live updates, mail, the outbox queue, HTTP plumbing and the generic helpers carry what features give them; they import no feature.',
      from: { path: '^src/server/(live|mail|outbox|lib|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'features-meet-through-their-index',
      severity: 'error',
      comment: "A feature reaches another feature only through what that feature's index.ts exports.",
      from: { path: '^src/server/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/features/([^/]+)/', pathNot: ['^src/server/features/$1/', '/index\\.ts$'] },
    },
    {
      name: 'orders-know-no-listener',
      severity: 'error',
      comment:
        'The orders module publishes its changes; it imports none of the capabilities that listen, nor any other feature (a reader is a plain Viewer, not a session).',
      from: { path: '^src/server/features/orders/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/(live|mail|outbox|metrics)/|^src/server/features/(?!orders/)' },
    },
    {
      name: 'orders-tables-belong-to-orders',
      severity: 'error',
      comment:
        'Orders, their units and their log (src/server/db/schema/orders.ts) are read and written only by the orders module; other capabilities call the functions its index.ts exports. Outside it only db/, tests and the demo seed import them (decision 230).',
      from: {
        path: '^src/',
        pathNot: [
          '^src/server/features/orders/',
          '^src/server/db/',
          '\\.test\\.ts$',
          '^src/server/test/',
          '^src/server/seed-demo\\.ts$',
          // The CSV export has PostgreSQL write the whole file (COPY) from cells computed in its SELECT.
          '^src/server/features/admin-orders/export\\.ts$',
        ],
      },
      to: { path: '^src/server/db/schema/orders\\.ts$' },
    },
    {
      name: 'metrics-knows-no-feature',
      severity: 'error',
      comment:
        'Capabilities report to metrics through the interfaces metrics declares (e.g. ImportRowsReport), handed in by app.ts; metrics imports no feature.',
      from: { path: '^src/server/metrics/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'only-the-app-registers-metrics',
      severity: 'error',
      comment: 'Nothing in the product imports metrics; app.ts registers it.',
      from: { path: '^src/', pathNot: ['^src/server/app\\.ts$', '\\.test\\.ts$', '^src/server/metrics/'] },
      to: { path: '^src/server/metrics/' },
    },
    {
      name: 'production-code-imports-no-test-code',
      severity: 'error',
      from: { path: '^src/', pathNot: ['\\.test\\.tsx?$', '^src/(server|client)/test/'] },
      to: { path: ['\\.test\\.tsx?$', '^src/(server|client)/test/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
