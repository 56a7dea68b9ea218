/**
 * `verify` knows each service only through its registration (`ServiceDefinition.verify`, each service's
 * `src/services/<name>/verify/`): its code (comments aside) names no service, so that a third service adds its
 * verify part in its own folder (the lines `formatReport` prints for an organization of the set-up are its part's
 * `tenantLines`; the CLI's help lines of a service's options, its part's `commandLine`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serviceNames } from '../../src/services/registry.js'

const VERIFY = 'src/surfaces/verify'
const FILES = [
  ...readdirSync(VERIFY, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(VERIFY, file)),
  'src/entries/cli/verify.ts',
]

/** A source without its comments (block, then line comments that start a line or follow a space). */
const code = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')

/** The lines of a source's code that name a service: the name as a word, or `Name` inside an identifier. */
function naming(source: string): string[] {
  const words = serviceNames.map((name) => new RegExp(`\\b${name}\\b`, 'i'))
  return code(source)
    .split('\n')
    .filter((line) => words.some((word) => word.test(line)))
    .map((line) => line.trim())
}

describe('verify names no service', () => {
  it('finds the files to check', () => {
    expect(FILES.length).toBeGreaterThan(15)
  })

  it.each(FILES)('%s', (file) => {
    expect(naming(readFileSync(file, 'utf8'))).toEqual([])
  })
})
