/**
 * Keeps the published descriptions in test/contract/descriptions/ (provenance: PROVENANCE.md and
 * provenance.json beside them).
 *
 *   node scripts/contract/refresh-descriptions.mjs [--check]
 *       every kept file still has the SHA-256 provenance.json records, and the router's generated request
 *       schemas (src/services/router/validation/described-schemas.ts) are what the kept OpenRouter description gives.
 *   node scripts/contract/refresh-descriptions.mjs --npm
 *       packs the newest @openrouter/sdk and zulip-js from the registry and takes a description from them
 *       if they ship one (today neither does: it says so and changes nothing).
 *   node scripts/contract/refresh-descriptions.mjs --openrouter FILE --source REPO:PATH@COMMIT --date YYYY-MM-DD
 *       FILE is OpenRouter's whole description (YAML or JSON, e.g. OpenRouterTeam/typescript-sdk
 *       .speakeasy/in.openapi.yaml): keeps its Presets paths and every component they reference, records the
 *       source, and regenerates the router's request schemas.
 *   node scripts/contract/refresh-descriptions.mjs --zulip FILE --level N --source REPO:PATH@COMMIT [--note TEXT] [--extract]
 *       FILE is Zulip's zerver/openapi/zulip.yaml at a commit whose version.py has API_FEATURE_LEVEL = N: kept
 *       byte for byte as zulip-flN.openapi.yaml, or with --extract as zulip-flN-extract.openapi.yaml, the
 *       operations Understudy simulates and the components they reference, each block verbatim
 *       (scripts/contract/zulip-extract.mjs). Then give the level its range in test/contract/descriptions.ts.
 *
 * The manual steps (where to get FILE from this machine, which has only the npm and Debian registries) are in
 * test/contract/descriptions/PROVENANCE.md.
 */

import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { readKept, writeKept } from './kept-file.mjs'
import { extractZulip, refs } from './zulip-extract.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const FOLDER = join(ROOT, 'test/contract/descriptions')
const MANIFEST = join(FOLDER, 'provenance.json')
const ROUTER = 'openrouter-presets.openapi.json'

const argv = process.argv.slice(2)
const option = (name) => {
  const i = argv.indexOf(name)
  return i === -1 ? undefined : argv[i + 1]
}
const say = (line) => process.stderr.write(`${line}\n`)
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')
const readManifest = () => JSON.parse(readFileSync(MANIFEST, 'utf8'))
const writeManifest = (manifest) =>
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)

function record(file, entry) {
  const manifest = readManifest()
  manifest[file] = { ...entry, sha256: sha256(readKept(FOLDER, file)) }
  writeManifest(manifest)
}

function check() {
  let ok = true
  for (const [file, entry] of Object.entries(readManifest())) {
    const actual = sha256(readKept(FOLDER, file))
    if (actual !== entry.sha256) {
      say(`${file}: SHA-256 ${actual}, provenance.json records ${entry.sha256}`)
      ok = false
    } else say(`${file}: as recorded (${entry.source})`)
  }
  try {
    execFileSync('node', [join(ROOT, 'scripts/contract/router-request-schemas.mjs'), '--check'], {
      stdio: 'inherit',
    })
  } catch {
    ok = false
  }
  process.exitCode = ok ? 0 : 1
}

/** OpenRouter's Presets paths and every component they reference, as the kept file holds them. */
function extractPresets(doc, source, date, previous) {
  const paths = Object.fromEntries(
    Object.entries(doc.paths).filter(([, methods]) =>
      Object.values(methods).some((op) => (op.tags ?? []).includes('Presets')),
    ),
  )
  const components = {}
  const queue = [...refs(paths)]
  const seen = new Set()
  while (queue.length > 0) {
    const ref = queue.shift()
    if (seen.has(ref)) continue
    seen.add(ref)
    const [, , kind, name] = ref.split('/')
    const value = doc.components?.[kind]?.[name]
    if (value === undefined) throw new Error(`${ref} is not in the description`)
    components[kind] ??= {}
    components[kind][name] = value
    queue.push(...refs(value))
  }
  components.securitySchemes = doc.components?.securitySchemes
  const [repo, rest] = source.split(':')
  const [path, commit] = (rest ?? '').split('@')
  return {
    'x-extracted': {
      ...(previous['x-extracted'] ?? {}),
      description:
        'Presets-tag paths of the OpenRouter OpenAPI 3.1 document plus every component they reference ' +
        'transitively, extracted by scripts/contract/refresh-descriptions.mjs; content otherwise unmodified.',
      source: { repo, path, commit, commit_date: date },
    },
    openapi: doc.openapi,
    info: doc.info,
    servers: doc.servers,
    security: doc.security,
    tags: (doc.tags ?? []).filter((t) => t.name === 'Presets'),
    paths,
    components,
  }
}

function openrouter(file) {
  const source = option('--source')
  const date = option('--date')
  if (!source || !date) throw new Error('--openrouter needs --source REPO:PATH@COMMIT and --date')
  const text = readFileSync(file, 'utf8')
  const doc = file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })
  const previous = JSON.parse(readFileSync(join(FOLDER, ROUTER), 'utf8'))
  const kept = extractPresets(doc, source, date, previous)
  writeFileSync(join(FOLDER, ROUTER), `${JSON.stringify(kept, null, 1)}\n`)
  record(ROUTER, {
    source,
    date,
    from: `${basename(file)} (sha256 ${sha256(text)})`,
    extracted: true,
  })
  execFileSync('node', [join(ROOT, 'scripts/contract/router-request-schemas.mjs')], {
    stdio: 'inherit',
  })
  say(
    `kept ${Object.keys(kept.paths).length} preset paths; review the x-extracted notes (SDK deltas) by hand`,
  )
}

function zulip(file) {
  const level = Number(option('--level'))
  const source = option('--source')
  if (!Number.isInteger(level) || !source) throw new Error('--zulip needs --level N and --source')
  const extract = argv.includes('--extract')
  const target = `zulip-fl${level}${extract ? '-extract' : ''}.openapi.yaml`
  const text = readFileSync(file, 'utf8')
  // A whole Zulip file is over 1 MB: kept gzipped (kept-file.mjs); an extract is small.
  writeKept(FOLDER, target, extract ? extractZulip(text) : text, !extract)
  record(target, {
    source,
    level,
    ...(extract ? { extracted: true, source_chars: text.length, source_sha256: sha256(text) } : {}),
    note: option('--note') ?? (extract ? 'extract: each block verbatim' : 'byte for byte'),
  })
  say(`kept ${target}; add its level range to ZULIP_LEVELS in test/contract/descriptions.ts`)
}

/** Looks for a description inside the newest packages of the registry (none ships one today). */
function fromNpm() {
  for (const name of ['@openrouter/sdk', 'zulip-js']) {
    const dir = mkdtempSync(join(tmpdir(), 'descriptions-'))
    try {
      execFileSync('npm', ['pack', name, '--pack-destination', dir, '--silent'], {
        stdio: 'ignore',
      })
      const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))
      const files = execFileSync('tar', ['tzf', join(dir, tarball)], { encoding: 'utf8' }).split(
        '\n',
      )
      const found = files.filter((f) => /(openapi|swagger|zulip)[^/]*\.(ya?ml|json)$/i.test(f))
      say(
        found.length === 0
          ? `${name} (${tarball}): ships no OpenAPI description; follow PROVENANCE.md's manual steps`
          : `${name} (${tarball}): ships ${found.join(', ')}; pass it to --openrouter/--zulip`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

if (argv.includes('--npm')) fromNpm()
else if (option('--openrouter')) openrouter(option('--openrouter'))
else if (option('--zulip')) zulip(option('--zulip'))
else if (argv.length === 0 || argv.includes('--check')) check()
else {
  say('usage: see the comment at the top of scripts/contract/refresh-descriptions.mjs')
  process.exitCode = 2
}
