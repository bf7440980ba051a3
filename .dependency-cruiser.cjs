// The boundaries of the two tiers (docs/decisions.md "Two tiers and their boundaries"), checked by
// `npm run check:boundaries`, which `npm test` runs first. Violations that predate the check are
// listed in .dependency-cruiser-known-violations.json and are being removed; any new one fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles, type imports included: each module can be read, loaded and tested without the one that imports it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-to-feature',
      severity: 'error',
      comment: 'A page feature imports the domain, server/http, server/integrations and server/lib, never another feature.',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/$1/' },
    },
    {
      name: 'domain-private',
      severity: 'error',
      comment: "A domain module is reached through its index.ts only; its repo and SQL are its own.",
      from: { path: '^(server|views|islands|seeds|migrations)/', pathNot: '^server/domain/' },
      to: { path: '^server/domain/[^/]+/', pathNot: '^server/domain/[^/]+/index\\.ts$' },
    },
    {
      name: 'domain-private-between-modules',
      severity: 'error',
      comment: "One domain module reaches another through that one's index.ts too.",
      from: { path: '^server/domain/([^/]+)/' },
      to: { path: '^server/domain/[^/]+/', pathNot: ['^server/domain/$1/', '^server/domain/[^/]+/index\\.ts$'] },
    },
    {
      name: 'domain-to-features',
      severity: 'error',
      comment: 'The domain knows no page.',
      from: { path: '^server/domain/' },
      to: { path: '^server/(features|http)/' },
    },
    {
      name: 'http-to-features-or-domain',
      severity: 'error',
      comment: 'The web layer knows no feature and no domain module: they register with it at start (it may name the Viewer type).',
      from: { path: '^server/http/' },
      to: { path: '^server/(features|domain)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-is-a-leaf',
      severity: 'error',
      comment: 'server/lib holds small helpers that depend on nothing of ours.',
      from: { path: '^server/lib/' },
      to: { path: '^(server|views|islands)/', pathNot: '^server/lib/' },
    },
    {
      name: 'production-to-seeds-or-tests',
      severity: 'error',
      comment: 'Production code never imports seed data or tests (the two entry points that seed on request aside).',
      from: { path: '^(server|views|islands)/', pathNot: '^server/(main|db/cli)\\.ts$' },
      to: { path: '^(seeds|test|bench)/' },
    },
    {
      name: 'views-to-server',
      severity: 'error',
      comment: 'Views render what they are given and import nothing from server/ (their types live in views/page-context.ts and beside the pages).',
      from: { path: '^views/' },
      to: { path: '^server/' },
    },
    {
      name: 'migrations-frozen',
      severity: 'error',
      comment: 'A migration is frozen in time: it imports no application code.',
      from: { path: '^migrations/' },
      to: { path: '^(server|views|islands|seeds)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|public|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] },
  },
};
