/**
 * The kept descriptions are what their provenance records, and the router's generated request schemas are
 * what the kept OpenRouter description gives (so neither drifts by a hand edit).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { readKept } from '../../scripts/contract/kept-file.mjs'
import { extractZulip } from '../../scripts/contract/zulip-extract.mjs'
import { OPERATIONS } from './check.js'
import { description, nullableWithoutType, type OpenApi } from './descriptions.js'

const root = join(import.meta.dirname, '..', '..')
const folder = join(root, 'test/contract/descriptions')
const provenance: Record<string, { sha256: string; source: string }> = JSON.parse(
  readFileSync(join(folder, 'provenance.json'), 'utf8'),
)

describe('the kept descriptions', () => {
  it.each(Object.keys(provenance))('%s has the SHA-256 its provenance records', (file) => {
    const sha = createHash('sha256').update(readKept(folder, file)).digest('hex')
    expect(sha).toBe(provenance[file]?.sha256)
  })

  it('gives the router request schemas the package ships', () => {
    expect(() =>
      execFileSync(
        process.execPath,
        [join(root, 'scripts/contract/router-request-schemas.mjs'), '--check'],
        {
          stdio: 'pipe',
        },
      ),
    ).not.toThrow()
  })
})

describe('the Zulip extract', () => {
  const kept = readFileSync(join(folder, 'zulip-fl469-extract.openapi.yaml'), 'utf8')

  it('is what extracting it gives again: blocks verbatim, in Zulip order, nothing else', () => {
    expect(extractZulip(kept)).toBe(kept)
  })

  it('holds every messaging operation the checks map', () => {
    const doc = parse(kept) as OpenApi
    const messaging = Object.entries(OPERATIONS).filter(([id]) => id.includes('-'))
    expect(messaging.length).toBe(11)
    for (const [id, [method, template]] of messaging) {
      expect([id, doc.paths[template]?.[method]?.operationId]).toEqual([id, id])
    }
  })

  it("keeps the operations and components as Zulip's whole file has them (the level-324 file)", async () => {
    const whole = await description('zulip-fl324.openapi.yaml')
    const text = readKept(folder, 'zulip-fl324.openapi.yaml').toString('utf8')
    const extract = nullableWithoutType(parse(extractZulip(text, whole))) as OpenApi
    for (const [template, methods] of Object.entries(extract.paths)) {
      for (const method of Object.keys(methods)) {
        expect(extract.paths[template]?.[method]).toEqual(whole.paths[template]?.[method])
      }
    }
    for (const [kind, entries] of Object.entries(extract.components ?? {})) {
      expect(entries).toEqual(
        Object.fromEntries(
          Object.keys(entries).map((name) => [name, whole.components?.[kind][name]]),
        ),
      )
    }
    expect(Object.keys(extract.paths).length).toBe(6)
  })
})
