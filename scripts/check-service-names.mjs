/**
 * Each service in one place: lists the files outside the services (`src/services/`, `handlers/`, `scenarios/`) whose
 * code names a service (its name as a word, `Router…`/`Messaging…` identifiers, a path into its folders), comments
 * left out, and fails on a file not in its allow-list or past five (`npm run service-names`, part of `npm test`;
 * docs/architecture.md). The registry (`src/services/registry.ts`) is the one list of services; what else may name
 * one is the public API's entry point, which gives each service's types their public names (`RouterService`, …).
 * `node scripts/check-service-names.mjs [root]` checks another tree (the check's own test gives a small one).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * The files outside the services that may name one, each with why; any other file that names one fails the check,
 * and so does a list longer than five.
 */
const ALLOWED = new Map([
  [
    'src/entries/index.ts',
    "the public API gives each service's types their names (RouterService, …)",
  ],
])
const MAX = 5

const root = process.argv[2] ?? process.cwd()
const names = readdirSync(join(root, 'src', 'services')).filter((entry) =>
  statSync(join(root, 'src', 'services', entry)).isDirectory(),
)
const capital = (name) => name[0].toUpperCase() + name.slice(1)
const naming = new RegExp(
  `\\b(?:${names.join('|')})\\b|\\b(?:${names.map(capital).join('|')})[A-Z]\\w*|\\b[A-Z_]*(?:${names.map((n) => n.toUpperCase()).join('|')})[A-Z_]*\\b`,
)

/** The code of a TypeScript file without its comments (strings and templates kept). */
function withoutComments(text) {
  let out = ''
  for (let i = 0; i < text.length; ) {
    const c = text[i]
    const next = text[i + 1]
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else {
      out += c
      i++
    }
  }
  return out
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.name.endsWith('.ts')) yield path
  }
}

const found = []
for (const file of files(join(root, 'src'))) {
  const path = relative(root, file).split('\\').join('/')
  if (path.startsWith('src/services/')) continue
  const code = withoutComments(readFileSync(file, 'utf8'))
  const match = naming.exec(code)
  if (match) found.push({ path, example: match[0] })
}
for (const { path, example } of found) process.stdout.write(`${path}: ${example}\n`)
process.stdout.write(`${found.length} files outside the services name one (at most ${MAX})\n`)
const unexpected = found.filter(({ path }) => !ALLOWED.has(path))
for (const { path } of unexpected)
  process.stderr.write(`${path} names a service: give what it needs through the registry\n`)
if (found.length > MAX || unexpected.length > 0) process.exit(1)
