/**
 * scripts/release.mjs: the next version, the changelog's Unreleased entries moved under it, and the version set in
 * package.json and package-lock.json; end to end on a copy of the script in a temporary directory.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  nextVersion,
  releaseChangelog,
  setLockVersion,
  setManifestVersion,
  setSourceVersion,
} from '../../scripts/release.mjs'

const CHANGELOG = `# Changelog

Intro.

## Unreleased

- Added a thing.
- Fixed another.

## 0.1.0 (2026-11-21)

- First release.
`

describe('nextVersion', () => {
  it('bumps patch, minor and major, and takes an explicit higher version', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1')
    expect(nextVersion('0.1.3', 'minor')).toBe('0.2.0')
    expect(nextVersion('0.9.3', 'major')).toBe('1.0.0')
    expect(nextVersion('0.1.0', '0.1.5')).toBe('0.1.5')
    expect(nextVersion('0.1.0', '1.0.0')).toBe('1.0.0')
  })

  it('refuses a version that is not above the current one, or not x.y.z', () => {
    expect(() => nextVersion('0.2.0', '0.1.9')).toThrow(
      '0.1.9 is not above the current version 0.2.0',
    )
    expect(() => nextVersion('0.2.0', '0.2.0')).toThrow('is not above')
    expect(() => nextVersion('0.2.0', 'v0.3')).toThrow(
      'the version must be patch, minor, major or x.y.z, got "v0.3"',
    )
    expect(() => nextVersion('0.2.0', undefined)).toThrow('got "undefined"')
  })
})

describe('releaseChangelog', () => {
  it('moves the Unreleased entries under the new version and keeps an empty Unreleased', () => {
    expect(releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01')).toBe(`# Changelog

Intro.

## Unreleased

## 0.2.0 (2026-12-01)

- Added a thing.
- Fixed another.

## 0.1.0 (2026-11-21)

- First release.
`)
  })

  it('works when Unreleased is the only section', () => {
    expect(
      releaseChangelog('# Changelog\n\n## Unreleased\n\n- One.\n', '1.0.0', '2027-01-02'),
    ).toBe('# Changelog\n\n## Unreleased\n\n## 1.0.0 (2027-01-02)\n\n- One.\n')
  })

  it('refuses an empty Unreleased section, a missing one and a version already there', () => {
    const released = releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01')
    expect(() => releaseChangelog(released, '0.3.0', '2026-12-02')).toThrow(
      'the Unreleased section of CHANGELOG.md is empty: nothing to release',
    )
    expect(() => releaseChangelog('# Changelog\n', '0.3.0', '2026-12-02')).toThrow(
      'CHANGELOG.md has no "## Unreleased" heading',
    )
    expect(() => releaseChangelog(CHANGELOG, '0.1.0', '2026-12-02')).toThrow(
      'CHANGELOG.md already has a 0.1.0 section',
    )
  })
})

describe('the version in package.json and package-lock.json', () => {
  it('sets the top-level version only, keeping the formatting', () => {
    const manifest =
      '{\n  "name": "x",\n  "version": "0.1.0",\n  "dependencies": {\n    "version": "1"\n  }\n}\n'
    expect(setManifestVersion(manifest, '0.2.0')).toBe(manifest.replace('"0.1.0"', '"0.2.0"'))
    const lock = `${JSON.stringify(
      {
        name: 'x',
        version: '0.1.0',
        lockfileVersion: 3,
        packages: { '': { name: 'x', version: '0.1.0' }, 'node_modules/y': { version: '0.1.0' } },
      },
      null,
      2,
    )}\n`
    const updated = JSON.parse(setLockVersion(lock, '0.2.0'))
    expect(updated.version).toBe('0.2.0')
    expect(updated.packages[''].version).toBe('0.2.0')
    expect(updated.packages['node_modules/y'].version).toBe('0.1.0')
  })
})

const VERSION_SOURCE = "/** The version. */\nexport const UNDERSTUDY_VERSION = '0.1.0'\n"

describe('setSourceVersion', () => {
  it("sets src/engine/core/version.ts's constant and refuses a file without it", () => {
    expect(setSourceVersion(VERSION_SOURCE, '1.0.0')).toBe(
      VERSION_SOURCE.replace("'0.1.0'", "'1.0.0'"),
    )
    expect(() => setSourceVersion('export const X = 1\n', '1.0.0')).toThrow(
      'src/engine/core/version.ts has no UNDERSTUDY_VERSION',
    )
  })
})

describe('node scripts/release.mjs', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })

  /** A project with the script, a changelog, package.json and package-lock.json at version 0.1.0. */
  function project(changelog = CHANGELOG) {
    dir = mkdtempSync(join(tmpdir(), 'understudy-release-'))
    mkdirSync(join(dir, 'scripts'))
    copyFileSync(
      join(import.meta.dirname, '..', '..', 'scripts', 'release.mjs'),
      join(dir, 'scripts', 'release.mjs'),
    )
    writeFileSync(join(dir, 'CHANGELOG.md'), changelog)
    writeFileSync(join(dir, 'package.json'), '{\n  "name": "x",\n  "version": "0.1.0"\n}\n')
    writeFileSync(
      join(dir, 'package-lock.json'),
      `${JSON.stringify({ name: 'x', version: '0.1.0', packages: { '': { version: '0.1.0' } } }, null, 2)}\n`,
    )
    mkdirSync(join(dir, 'src', 'engine', 'core'), { recursive: true })
    writeFileSync(join(dir, 'src', 'engine', 'core', 'version.ts'), VERSION_SOURCE)
    return dir
  }
  const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8')

  it('releases a minor version into the three files and prints the next steps', () => {
    const root = project()
    const out = execFileSync(
      process.execPath,
      ['scripts/release.mjs', 'minor', '--date', '2026-12-01'],
      { cwd: root, encoding: 'utf8' },
    )
    expect(out).toContain('release: 0.1.0 -> 0.2.0 (2026-12-01)')
    expect(out).toContain('git tag v0.2.0')
    expect(read(root, 'CHANGELOG.md')).toBe(releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01'))
    expect(JSON.parse(read(root, 'package.json')).version).toBe('0.2.0')
    expect(JSON.parse(read(root, 'package-lock.json')).packages[''].version).toBe('0.2.0')
    expect(read(root, 'src/engine/core/version.ts')).toBe(
      VERSION_SOURCE.replace("'0.1.0'", "'0.2.0'"),
    )
  })

  it('changes nothing on --dry-run, and exits 1 with one line when there is nothing to release', () => {
    const root = project()
    execFileSync(process.execPath, ['scripts/release.mjs', 'patch', '--dry-run'], { cwd: root })
    expect(read(root, 'CHANGELOG.md')).toBe(CHANGELOG)
    expect(JSON.parse(read(root, 'package.json')).version).toBe('0.1.0')

    const empty = project('# Changelog\n\n## Unreleased\n\n## 0.1.0 (2026-11-21)\n\n- First.\n')
    const result = spawnSync(process.execPath, ['scripts/release.mjs', 'patch'], {
      cwd: empty,
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      'release: the Unreleased section of CHANGELOG.md is empty: nothing to release\n',
    )
    expect(JSON.parse(read(empty, 'package.json')).version).toBe('0.1.0')
  })
})
