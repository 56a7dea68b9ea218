#!/usr/bin/env node
/**
 * Cuts a release in the files: moves CHANGELOG.md's `## Unreleased` entries under a new `## <version> (<date>)`
 * heading (leaving an empty `## Unreleased` above it) and sets that version in package.json and
 * package-lock.json. It commits, tags and publishes nothing; it prints those steps.
 *
 *   node scripts/release.mjs <patch|minor|major|x.y.z> [--date YYYY-MM-DD] [--dry-run]
 *
 * Refuses (exit code 1, one line) an empty Unreleased section, a version not above the current one, and a
 * version the changelog already has.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/
const UNRELEASED = /^## Unreleased[ \t]*$/m

/** The next version: `patch`, `minor` or `major` of `current`, or an explicit `x.y.z` above it. */
export function nextVersion(current, wanted) {
  const parts = SEMVER.exec(current)?.slice(1).map(Number)
  if (!parts) throw new Error(`package.json's version "${current}" is not x.y.z`)
  const [major, minor, patch] = parts
  if (wanted === 'major') return `${major + 1}.0.0`
  if (wanted === 'minor') return `${major}.${minor + 1}.0`
  if (wanted === 'patch') return `${major}.${minor}.${patch + 1}`
  const next = SEMVER.exec(wanted ?? '')
    ?.slice(1)
    .map(Number)
  if (!next) throw new Error(`the version must be patch, minor, major or x.y.z, got "${wanted}"`)
  const above = next[0] - major || next[1] - minor || next[2] - patch
  if (above <= 0) throw new Error(`${wanted} is not above the current version ${current}`)
  return wanted
}

/**
 * The changelog with its Unreleased entries moved under `## <version> (<date>)`, and an empty Unreleased
 * section kept at the top.
 */
export function releaseChangelog(text, version, date) {
  const found = UNRELEASED.exec(text)
  if (!found) throw new Error('CHANGELOG.md has no "## Unreleased" heading')
  if (new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm').test(text)) {
    throw new Error(`CHANGELOG.md already has a ${version} section`)
  }
  const start = found.index + found[0].length
  const rest = text.slice(start)
  const nextHeading = /^## /m.exec(rest)
  const entries = (nextHeading ? rest.slice(0, nextHeading.index) : rest).trim()
  if (!entries)
    throw new Error('the Unreleased section of CHANGELOG.md is empty: nothing to release')
  const after = nextHeading ? rest.slice(nextHeading.index) : ''
  return `${text.slice(0, start)}\n\n## ${version} (${date})\n\n${entries}\n${after ? `\n${after}` : ''}`
}

/** package.json's text with its top-level `"version"` set, formatting kept. */
export function setManifestVersion(text, version) {
  const pattern = /^(\s{2}"version":\s*")[^"]*(")/m
  if (!pattern.test(text)) throw new Error('package.json has no top-level "version"')
  return text.replace(pattern, `$1${version}$2`)
}

/** package-lock.json's text with the root package's version set (both places npm keeps it). */
export function setLockVersion(text, version) {
  const lock = JSON.parse(text)
  lock.version = version
  if (lock.packages?.['']) lock.packages[''].version = version
  return `${JSON.stringify(lock, null, 2)}\n`
}

/** src/engine/core/version.ts's text with `UNDERSTUDY_VERSION` set (the version the simulator reports, e.g. in a HAR). */
export function setSourceVersion(text, version) {
  const pattern = /^(export const UNDERSTUDY_VERSION = ')[^']*(')/m
  if (!pattern.test(text)) throw new Error('src/engine/core/version.ts has no UNDERSTUDY_VERSION')
  return text.replace(pattern, `$1${version}$2`)
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      date: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  })
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const paths = {
    changelog: join(root, 'CHANGELOG.md'),
    manifest: join(root, 'package.json'),
    lock: join(root, 'package-lock.json'),
    source: join(root, 'src', 'engine', 'core', 'version.ts'),
  }
  const manifest = readFileSync(paths.manifest, 'utf8')
  const current = JSON.parse(manifest).version
  const version = nextVersion(current, positionals[0])
  const date = values.date ?? new Date().toISOString().slice(0, 10)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`--date must be YYYY-MM-DD, got "${date}"`)
  const changelog = releaseChangelog(readFileSync(paths.changelog, 'utf8'), version, date)
  const files = [
    [paths.changelog, changelog],
    [paths.manifest, setManifestVersion(manifest, version)],
    [paths.lock, setLockVersion(readFileSync(paths.lock, 'utf8'), version)],
    [paths.source, setSourceVersion(readFileSync(paths.source, 'utf8'), version)],
  ]
  if (values['dry-run']) {
    process.stdout.write(`release: would release ${current} -> ${version} (${date})\n`)
    return
  }
  for (const [path, text] of files) writeFileSync(path, text)
  process.stdout.write(
    `release: ${current} -> ${version} (${date}) in CHANGELOG.md, package.json, package-lock.json and src/engine/core/version.ts\n` +
      `next: git commit -m "Release ${version}" -- CHANGELOG.md package.json package-lock.json src/engine/core/version.ts && ` +
      `git tag v${version} && npm publish\n`,
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main()
  } catch (error) {
    process.stderr.write(`release: ${error instanceof Error ? error.message : error}\n`)
    process.exitCode = 1
  }
}
