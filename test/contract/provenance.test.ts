/**
 * The kept descriptions are what their provenance records, and the router's generated request schemas are
 * what the kept OpenRouter description gives (so neither drifts by a hand edit).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const folder = join(root, 'test/contract/descriptions')
const provenance: Record<string, { sha256: string; source: string }> = JSON.parse(
  readFileSync(join(folder, 'provenance.json'), 'utf8'),
)

describe('the kept descriptions', () => {
  it.each(Object.keys(provenance))('%s has the SHA-256 its provenance records', (file) => {
    const sha = createHash('sha256')
      .update(readFileSync(join(folder, file)))
      .digest('hex')
    expect(sha).toBe(provenance[file]?.sha256)
  })

  it('gives the router request schemas the package ships', () => {
    expect(() =>
      execFileSync('node', [join(root, 'scripts/contract/router-request-schemas.mjs'), '--check'], {
        stdio: 'pipe',
      }),
    ).not.toThrow()
  })
})
