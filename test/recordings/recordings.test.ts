/**
 * The evidence the project keeps (test/recordings/): recordings of the real Zulip server at feature levels 384 and
 * 442, and the example exchanges of both services' API descriptions, each verified with `verifyHar`. What verify
 * reports on each is exactly the list in `known-differences.ts`: the test fails when a difference goes away (a fix:
 * take it off the list) or a new one appears (a regression, or a new finding to list after checking it).
 *
 * After checking every change, `UPDATE_KNOWN_DIFFERENCES=1 npx vitest run test/recordings` rewrites the lists
 * (the notes in that file are kept by hand).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Difference, type VerifyOptions, verifyHar } from '../../src/surfaces/verify/index.js'
import { KNOWN_DIFFERENCES, KNOWN_SKIPPED, type RecordingName } from './known-differences.js'

const RECORDINGS: Record<RecordingName, VerifyOptions> = {
  'zulip-oracle/zulip-384.har': {},
  'zulip-oracle/zulip-442.har': {},
  'zulip-oracle/zulip-384-onboarding.har': {},
  'zulip-oracle/zulip-442-onboarding.har': {},
  'examples/zulip-324-create-user.har': { featureLevel: 324, keyOrder: false },
  'examples/zulip-420-create-user.har': { featureLevel: 420, keyOrder: false },
  'examples/openrouter-reads.har': { keyOrder: false },
  'examples/openrouter-create-chat.har': { keyOrder: false },
  'examples/openrouter-create-messages.har': { keyOrder: false },
  'examples/openrouter-create-responses.har': { keyOrder: false },
  'examples/openrouter-errors.har': { keyOrder: false },
  'openrouter/openrouter-real.har': {},
}

const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value))

/** One difference as one line: exchange, request, kind and path, the real value → the simulator's. */
function line(difference: Difference): string {
  const url = new URL(difference.url)
  const note = difference.note ? ` (${difference.note})` : ''
  return `${difference.exchange} ${difference.method} ${url.pathname}${url.search} ${difference.kind} ${difference.path}: ${show(difference.expected)} → ${show(difference.actual)}${note}`
}

const update = process.env.UPDATE_KNOWN_DIFFERENCES === '1'
const found: Record<string, { differences: string[]; skipped: string[] }> = {}

describe.each(Object.entries(RECORDINGS) as Array<[RecordingName, VerifyOptions]>)(
  'test/recordings/%s',
  (name, options) => {
    it('verify reports exactly the known differences and skips', async () => {
      const text = readFileSync(new URL(name, import.meta.url), 'utf8')
      const report = await verifyHar(text, options)
      const differences = report.differences.map(line)
      const skipped = report.skipped.map((skip) => `${skip.exchange} ${skip.method} ${skip.reason}`)
      found[name] = { differences, skipped }
      if (update) return
      expect(differences).toEqual(KNOWN_DIFFERENCES[name])
      expect(skipped).toEqual(KNOWN_SKIPPED[name] ?? [])
      expect(report.compared).toBeGreaterThan(0)
    })
  },
)

if (update) {
  it('rewrites the known lists', () => {
    const file = new URL('known-differences.ts', import.meta.url)
    const source = readFileSync(file, 'utf8')
    const head = source.slice(0, source.indexOf('// --- generated below'))
    const list = (key: 'differences' | 'skipped') =>
      Object.entries(found)
        .map(
          ([name, lists]) =>
            `  ${JSON.stringify(name)}: [\n${lists[key].map((entry) => `    ${JSON.stringify(entry)},\n`).join('')}  ],\n`,
        )
        .join('')
    writeFileSync(
      file,
      `${head}// --- generated below (UPDATE_KNOWN_DIFFERENCES=1); check every change before keeping it\n\n` +
        `export const KNOWN_DIFFERENCES: Record<RecordingName, string[]> = {\n${list('differences')}}\n\n` +
        `export const KNOWN_SKIPPED: Partial<Record<RecordingName, string[]>> = {\n${list('skipped')}}\n`,
    )
  })
}
