// The layers of docs/architecture.md, as rules: a folder imports only from the layers below its own.
// `npm run layers` (part of `npm test`) fails on any import that breaks one (decisions/layer-rules.md).
const layer = {
  core: '^src/engine/core/',
  engine: '^src/engine/',
  services: '^(src/services/|handlers/|scenarios/)',
  simulator: '^src/simulator/',
  surfaces: '^src/surfaces/',
  entries: '^src/entries/',
}
const above = (...names) => ({ path: names.map((name) => layer[name]).join('|') })

module.exports = {
  forbidden: [
    {
      name: 'core-imports-nothing',
      comment: 'src/engine/core is the bottom: it imports nothing else of the package.',
      severity: 'error',
      from: { path: layer.core },
      to: { path: '^(src|handlers|scenarios)/', pathNot: layer.core },
    },
    {
      name: 'engine-knows-no-service',
      comment:
        'The engine parts (journal, faults) import the core and one another, no service and nothing above.',
      severity: 'error',
      from: { path: layer.engine },
      to: above('services', 'simulator', 'surfaces', 'entries'),
    },
    {
      name: 'services-below-the-simulator',
      comment:
        'A service (src/services, handlers, scenarios) imports the engine and the services, nothing above.',
      severity: 'error',
      from: { path: layer.services },
      to: above('simulator', 'surfaces', 'entries'),
    },
    {
      name: 'scenarios-are-data',
      comment:
        'The built-in scenarios (scenarios/) are data written against the services: no service or operation imports them.',
      severity: 'error',
      from: { path: '^(src/services/|handlers/)' },
      to: { path: '^scenarios/' },
    },
    {
      name: 'simulator-below-the-surfaces',
      comment: 'The simulator imports the services and the engine; no surface and no entry point.',
      severity: 'error',
      from: { path: layer.simulator },
      to: above('surfaces', 'entries'),
    },
    {
      name: 'surfaces-below-the-entries',
      comment: 'A surface (control, assertions, verify) is imported by the entry points only.',
      severity: 'error',
      from: { path: layer.surfaces },
      to: above('entries'),
    },
    {
      name: 'every-import-resolves',
      comment:
        'msw/node and msw/browser exist only under their runtime condition: the entry points say which.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^msw/(node|browser)$' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API yet, so the sources are read by swc (type-only imports included).
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    enhancedResolveOptions: { conditionNames: ['import', 'node', 'default', 'types'] },
  },
}
