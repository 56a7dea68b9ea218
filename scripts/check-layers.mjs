/**
 * The layer rule of docs/architecture.md, checked by dependency-cruiser (`npm run layers`, part of `npm test`):
 * every import of src/, handlers/ and scenarios/, type-only imports included, against the rules of
 * .dependency-cruiser.cjs. Prints each violation and exits 1 when there is one (decisions/layer-rules.md).
 */
import { existsSync } from 'node:fs'
import { cruise } from 'dependency-cruiser'
import config from '../.dependency-cruiser.cjs'

// A folder to check in place of this repository's (the rule's own test gives a small tree that breaks it).
const root = process.argv[2]
if (root) process.chdir(root)
const folders = ['src', 'handlers', 'scenarios'].filter((folder) => existsSync(folder))
const result = await cruise(folders, {
  ...config.options,
  ruleSet: { forbidden: config.forbidden },
  validate: true,
})
const { summary } = result.output
// dependency-cruiser warns that TypeScript 7 has no compiler API; the sources are read by swc instead
// (options.parser), type-only imports included, so that warning is not a finding.
const violations = summary.violations.filter(
  (violation) => violation.rule.name !== 'missing-tsc-transpiler',
)
for (const violation of violations)
  console.error(`${violation.rule.name}: ${violation.from} → ${violation.to}`)
if (!root && summary.totalCruised < 100) {
  console.error(`only ${summary.totalCruised} modules read: the parser found too little`)
  process.exit(1)
}
if (violations.length > 0) process.exit(1)
process.stdout.write(
  `layers: ${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports, no rule broken` +
    '\n',
)
